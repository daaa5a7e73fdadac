// @vitest-environment jsdom
import { useState } from 'react';
import type { TrackingEntry } from '@onvelope/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Pagination } from '../components/Pagination.js';
import {
  defaultTableQuery,
  goToPage,
  sortByColumn,
  withPageSize,
  type TableQuery,
} from '../shared/table-state.js';
import {
  isSelected,
  noSelection,
  pageState,
  togglePage,
  toggleOrder,
  type DashboardSelection,
} from './bulk-selection.js';
import { trackingEntryOf } from './tracking-entry.fixture.js';
import { TrackingTable } from './TrackingTable.js';

afterEach(cleanup);

/**
 * The dashboard's table as DashboardPage wires it: the query and the selection in state, changed by
 * the same functions; `total` orders of which the page shows `entries`.
 */
function Dashboard({
  entries,
  total = entries.length,
  opened = [],
  shipped = [],
}: {
  entries: TrackingEntry[];
  total?: number;
  opened?: string[];
  shipped?: string[];
}) {
  const [query, setQuery] = useState<TableQuery>(defaultTableQuery);
  const [selection, setSelection] = useState<DashboardSelection>(noSelection);
  const page = entries.map((one) => one.orderNumber);
  const pages = Math.ceil(total / query.limit);
  return (
    <>
      <TrackingTable
        entries={entries}
        query={query}
        onSort={(field) => setQuery(sortByColumn(query, field))}
        onOpen={(one) => opened.push(one.orderNumber)}
        onShip={(one) => shipped.push(one.orderNumber)}
        selection={{
          isSelected: (orderNumber) => isSelected(selection, orderNumber),
          onToggle: (orderNumber) => setSelection(toggleOrder(selection, orderNumber)),
          page: pageState(selection, page),
          onTogglePage: () => setSelection(togglePage(selection, page)),
        }}
      />
      <Pagination
        page={query.page}
        limit={query.limit}
        total={total}
        pages={pages}
        onPage={(to) => setQuery(goToPage(query, to, pages))}
        onPageSize={(limit) => setQuery(withPageSize(query, limit))}
      />
    </>
  );
}

const header = (name: RegExp) => screen.getByRole('columnheader', { name });
const rowOf = (orderNumber: string) =>
  screen.getByRole('row', { name: new RegExp(`Select order ${orderNumber}\\b`) });

describe('the dashboard orders table', () => {
  it('sorts by a column header, announcing the direction, and flips it on a second click', async () => {
    const user = userEvent.setup();
    render(<Dashboard entries={[trackingEntryOf('1001'), trackingEntryOf('1002')]} />);
    // spec 000 §9: newest first by default.
    expect(header(/Created/).getAttribute('aria-sort')).toBe('descending');
    expect(header(/Order number/).getAttribute('aria-sort')).toBeNull();

    await user.click(screen.getByRole('button', { name: /Order number/ }));
    expect(header(/Order number/).getAttribute('aria-sort')).toBe('ascending');
    expect(header(/Order number/).textContent).toContain('▲');
    expect(header(/Created/).getAttribute('aria-sort')).toBeNull();

    await user.click(screen.getByRole('button', { name: /Order number/ }));
    expect(header(/Order number/).getAttribute('aria-sort')).toBe('descending');
    expect(header(/Order number/).textContent).toContain('▼');
  });

  it('pages through the orders and offers each page size, back to page 1 on a new size', async () => {
    const user = userEvent.setup();
    render(<Dashboard entries={[trackingEntryOf('1001')]} total={60} />);
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(screen.getByText('Showing 1–25 of 60')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(previous.hasAttribute('disabled')).toBe(true);

    await user.click(next);
    await user.click(next);
    expect(screen.getByText('Showing 51–60 of 60')).toBeTruthy();
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(next.hasAttribute('disabled')).toBe(true);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Per page' }), '50');
    expect(screen.getByText('Showing 1–50 of 60')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
  });

  it('ticks orders one by one and by the page box, which is mixed while only some are, without opening them', async () => {
    const user = userEvent.setup();
    const opened: string[] = [];
    render(
      <Dashboard entries={[trackingEntryOf('1001'), trackingEntryOf('1002')]} opened={opened} />,
    );
    const pageBox = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'Select the orders of this page',
    });
    const first = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select order 1001' });
    const second = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select order 1002' });

    await user.click(first);
    expect(first.checked).toBe(true);
    expect(pageBox.indeterminate).toBe(true);
    expect(pageBox.checked).toBe(false);

    await user.click(second);
    expect(pageBox.indeterminate).toBe(false);
    expect(pageBox.checked).toBe(true);

    await user.click(pageBox);
    expect([first.checked, second.checked, pageBox.checked]).toEqual([false, false, false]);
    expect(opened).toEqual([]);

    await user.click(within(rowOf('1002')).getByText('Sam Shopper'));
    expect(opened).toEqual(['1002']);
  });

  it('says so when there are no orders to show', () => {
    render(<Dashboard entries={[]} />);
    const empty = screen.getByRole('cell', { name: 'No tracking entries to show.' });
    expect(empty.getAttribute('colspan')).toBe(String(screen.getAllByRole('columnheader').length));
    expect(screen.getByText('No orders')).toBeTruthy();
  });

  it("shows a row's status in words and offers SHIP only for an order not yet shipped", async () => {
    const user = userEvent.setup();
    const shipped: string[] = [];
    render(
      <Dashboard
        entries={[
          trackingEntryOf('1001', { status: 'partially_shipped' }),
          trackingEntryOf('1002', {
            status: 'shipped',
            courier: 'Royal Mail',
            trackingNumber: 'RM123456785GB',
          }),
        ]}
        shipped={shipped}
      />,
    );
    expect(within(rowOf('1001')).getByText('Partially shipped')).toBeTruthy();
    expect(within(rowOf('1002')).getByText('Shipped')).toBeTruthy();
    expect(within(rowOf('1002')).getByText('RM123456785GB')).toBeTruthy();
    expect(within(rowOf('1002')).queryByRole('button', { name: /Ship order/ })).toBeNull();

    await user.click(within(rowOf('1001')).getByRole('button', { name: 'Ship order 1001' }));
    expect(shipped).toEqual(['1001']);
  });
});
