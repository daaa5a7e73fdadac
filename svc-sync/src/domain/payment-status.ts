/** What an order's payment means for shipping it. */
export type PaymentState = 'paid' | 'awaiting_payment' | 'payment_failed';

const awaitingPayment = new Set(['unpaid', 'pending']);
// `refunded` is not among the values seen (bigcartel-api.md §4); if it comes, nothing is to ship.
const paymentFailed = new Set(['failed', 'invalid', 'refunded']);

/**
 * Reads Big Cartel's `payment_status`: `completed` in the docs' sample, and `unpaid`, `pending`,
 * `failed` and `invalid` from one client (bigcartel-api.md §4). An order without it (older answers)
 * or with a value not known here counts as paid, so a paid order is never hidden from the seller.
 */
export function paymentStateOf(paymentStatus: unknown): PaymentState {
  const value = typeof paymentStatus === 'string' ? paymentStatus.trim().toLowerCase() : '';
  if (awaitingPayment.has(value)) return 'awaiting_payment';
  if (paymentFailed.has(value)) return 'payment_failed';
  return 'paid';
}
