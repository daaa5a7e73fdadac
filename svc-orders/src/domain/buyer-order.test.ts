import { describe, expect, it } from 'vitest';
import type { TrackingEntry } from '@onvelope/contracts';
import { toBuyerOrder } from './buyer-order.js';

describe('the order a buyer sees', () => {
  it("leaves out the seller's rule explanation and the order's source, and names the seller", () => {
    const entry = {
      id: 'e1',
      orderNumber: '1001',
      keywordMessage: 'Back in stock soon',
      keywordExplanation: "rule 'mug' matched",
      source: 'csv',
      merchant: null,
    } as unknown as TrackingEntry;
    const order = toBuyerOrder(entry, { name: 'Teapots Ltd', website: null });
    expect(order).not.toHaveProperty('keywordExplanation');
    expect(order).not.toHaveProperty('source');
    expect(order).toMatchObject({
      keywordMessage: 'Back in stock soon',
      merchant: { name: 'Teapots Ltd', website: null },
    });
  });
});
