import { describe, expect, it } from 'vitest';
import { paymentStateOf } from './payment-status.js';

describe("reading an order's payment status", () => {
  it('calls a completed order paid', () => {
    expect(paymentStateOf('completed')).toBe('paid');
  });

  it('calls unpaid and pending orders awaiting payment', () => {
    expect(paymentStateOf('unpaid')).toBe('awaiting_payment');
    expect(paymentStateOf(' Pending ')).toBe('awaiting_payment');
  });

  it('calls failed, invalid and refunded payments failed', () => {
    for (const status of ['failed', 'invalid', 'refunded']) {
      expect(paymentStateOf(status)).toBe('payment_failed');
    }
  });

  it('takes an order without a payment status, or with one not known, as paid', () => {
    for (const status of [undefined, null, '', 'partially_refunded', 3]) {
      expect(paymentStateOf(status)).toBe('paid');
    }
  });
});
