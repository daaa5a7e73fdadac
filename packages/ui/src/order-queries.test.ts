import { describe, expect, it } from 'vitest';
import {
  orderItemsLabel,
  queryPreview,
  queryStatusLabel,
  unreadQueryCount,
  visibleQueries,
} from './order-queries.js';

describe('queryStatusLabel', () => {
  it('shows sent as Pending, viewed as In Review and resolved as resolved', () => {
    expect(queryStatusLabel('sent')).toBe('Pending');
    expect(queryStatusLabel('viewed')).toBe('In Review');
    expect(queryStatusLabel('resolved')).toBe('resolved');
  });
});

describe('queryPreview', () => {
  it('keeps a message of 100 characters whole', () => {
    const message = 'a'.repeat(100);
    expect(queryPreview(message)).toBe(message);
  });

  it('cuts a longer message at 100 characters and marks the cut', () => {
    const preview = queryPreview('b'.repeat(101));
    expect(preview).toBe(`${'b'.repeat(100)}...`);
  });

  it('puts a message with line breaks on one line', () => {
    expect(queryPreview('Where is\n\nmy parcel?')).toBe('Where is my parcel?');
  });
});

describe('orderItemsLabel', () => {
  it('shows the product name that follows the product_name: marker', () => {
    expect(orderItemsLabel('product_name: Blue Mug')).toBe('Blue Mug');
    expect(orderItemsLabel('sku:12; product_name:Tea Towel; qty:2')).toBe('Tea Towel');
  });

  it('shows items without a marker as they are, and nothing for empty items', () => {
    expect(orderItemsLabel('Mug 1001')).toBe('Mug 1001');
    expect(orderItemsLabel('  ')).toBeNull();
    expect(orderItemsLabel(null)).toBeNull();
  });
});

describe('unreadQueryCount and visibleQueries', () => {
  const queries = [
    { id: '1', status: 'sent' as const },
    { id: '2', status: 'viewed' as const },
    { id: '3', status: 'resolved' as const },
    { id: '4', status: 'sent' as const },
  ];

  it('counts only the queries not opened yet as unread', () => {
    expect(unreadQueryCount(queries)).toBe(2);
  });

  it('hides resolved queries until the toggle is on', () => {
    expect(visibleQueries(queries, false).map((query) => query.id)).toEqual(['1', '2', '4']);
    expect(visibleQueries(queries, true)).toHaveLength(4);
  });
});
