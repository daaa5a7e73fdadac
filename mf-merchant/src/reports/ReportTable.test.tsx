// @vitest-environment jsdom
import type { ReportRow } from '@onvelope/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportTable } from './ReportTable.js';

// jsdom has no media queries: the screen is as wide as each test says.
let phone = false;
beforeEach(() => {
  phone = false;
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width'),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (orderNumber: string, change: Partial<ReportRow> = {}): ReportRow => ({
  id: `id-${orderNumber}`,
  orderNumber,
  customerFirstName: 'Ada',
  customerLastName: 'Lovelace',
  customerEmail: 'ada@shop.test',
  status: 'in_transit',
  items: '2 x Gift box',
  shippingCountry: 'United Kingdom',
  courier: 'Royal Mail',
  trackingNumber: 'RM123456785GB',
  orderDate: null,
  shippedAt: null,
  shippingAddress1: '1 High Street',
  shippingAddress2: null,
  shippingCity: 'London',
  shippingState: null,
  shippingZip: 'SW1A 1AA',
  ...change,
});

const texts = (elements: HTMLElement[]) => elements.map((element) => element.textContent);

describe('the report table', () => {
  it("shows the spec's columns, a row per order with its status in words and — for what it lacks", () => {
    render(
      <ReportTable rows={[row('1001'), row('1002', { status: 'delivered', courier: null })]} />,
    );
    const table = screen.getByRole('table');
    expect(texts(within(table).getAllByRole('columnheader'))).toEqual([
      'Order number',
      'First name',
      'Last name',
      'Email',
      'Status',
      'Items',
      'Shipping country',
      'Courier',
      'Tracking number',
      'Order date',
      'Shipped date',
      'Address 1',
      'Address 2',
      'City',
      'State',
      'Zip',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    expect(texts(within(first!).getAllByRole('cell')).slice(0, 9)).toEqual([
      '1001',
      'Ada',
      'Lovelace',
      'ada@shop.test',
      'In transit',
      '2 x Gift box',
      'United Kingdom',
      'Royal Mail',
      'RM123456785GB',
    ]);
    const cells = texts(within(second!).getAllByRole('cell'));
    expect(cells[4]).toBe('Delivered');
    expect(cells[7]).toBe('—');
    expect(cells[12]).toBe('—');
  });

  it('says so when no order matches the filters', () => {
    render(<ReportTable rows={[]} />);
    expect(screen.getByText('No orders match these filters.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a card per order on a phone, with the columns a card does not head as its facts', () => {
    phone = true;
    render(<ReportTable rows={[row('1001')]} />);
    expect(screen.queryByRole('table')).toBeNull();
    const [card] = screen.getAllByRole('listitem');
    expect(within(card!).getByText('1001')).toBeTruthy();
    expect(within(card!).getByText('In transit')).toBeTruthy();
    expect(card!.querySelector('.me-card__customer')?.textContent).toBe(
      'Ada Lovelace · ada@shop.test',
    );
    const facts = [...card!.querySelectorAll('dt')].map((term) => term.textContent);
    expect(facts).toEqual([
      'Items',
      'Shipping country',
      'Courier',
      'Tracking number',
      'Order date',
      'Shipped date',
      'Address 1',
      'Address 2',
      'City',
      'State',
      'Zip',
    ]);
  });
});
