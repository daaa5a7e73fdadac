// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrderQueriesInbox } from './OrderQueriesInbox.js';
import type { OrderQuery } from './use-seller-queries.js';

// jsdom has the <dialog> element but not its modal methods: opening marks it open, as a browser does.
beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});
afterEach(cleanup);

const query = (id: string, change: Partial<OrderQuery> = {}): OrderQuery => ({
  id,
  customerName: 'Ada Lovelace',
  customerEmail: 'ada@shop.test',
  orderNumber: `10${id}`,
  subject: `Subject ${id}`,
  message: 'Where is my parcel?',
  status: 'viewed',
  createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
  orderDetails: { items: null },
  replies: [],
  ...change,
});

function Inbox({ queries, error = null }: { queries: OrderQuery[] | null; error?: string | null }) {
  return (
    <OrderQueriesInbox
      queries={queries}
      error={error}
      onChanged={() => {}}
      onReload={() => {}}
      onClose={() => {}}
    />
  );
}

const items = () => screen.queryAllByRole('button', { name: /^Subject / });

describe('the order queries list', () => {
  it('lists each open query with its status, who sent it, its order, its age and a 100-character preview', () => {
    const long = `${'Parcel '.repeat(20)}end`;
    render(
      <Inbox
        queries={[
          query('1', { status: 'sent', message: long }),
          query('2', { customerName: '', message: 'Line one\n\nline two' }),
        ]}
      />,
    );
    const [first, second] = items();
    expect(within(first!).getByText('Pending')).toBeTruthy();
    expect(first!.textContent).toContain('Ada Lovelace · Order 101 · 3 hours ago');
    const preview = within(first!).getByTestId('query-preview').textContent ?? '';
    expect(preview.endsWith('...')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(103);
    expect(within(second!).getByText('In Review')).toBeTruthy();
    expect(second!.textContent).toContain('ada@shop.test · Order 102');
    expect(within(second!).getByTestId('query-preview').textContent).toBe('Line one line two');
  });

  it('shows resolved queries only with "Show resolved" ticked, and says when none are open', async () => {
    const user = userEvent.setup();
    render(<Inbox queries={[query('1', { status: 'resolved' })]} />);
    expect(items()).toHaveLength(0);
    expect(screen.getByText('No open queries.')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Show resolved' }));
    expect(items()).toHaveLength(1);
    expect(screen.queryByText('No open queries.')).toBeNull();
  });

  it('says when there are no queries at all, while loading, and when the list failed', () => {
    const { rerender } = render(<Inbox queries={[]} />);
    expect(screen.getByText('No customer queries yet.')).toBeTruthy();
    rerender(<Inbox queries={null} />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    rerender(<Inbox queries={null} error="Failed to load queries" />);
    expect(screen.getByRole('alert').textContent).toBe('Failed to load queries');
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });

  it('opens a query beside the list when it is chosen', async () => {
    const user = userEvent.setup();
    render(<Inbox queries={[query('1'), query('2', { message: 'Can I change the address?' })]} />);
    expect(screen.getByText('Choose a query to read it and reply.')).toBeTruthy();
    await user.click(items()[1]!);
    expect(screen.queryByText('Choose a query to read it and reply.')).toBeNull();
    expect(screen.getAllByText('Can I change the address?').length).toBeGreaterThan(1);
  });
});
