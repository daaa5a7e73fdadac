import type { orderQueryStatuses } from '@onvelope/contracts';

export type OrderQueryStatus = (typeof orderQueryStatuses)[number];

/**
 * How a buyer query moves (spec 000 §4: sent → viewed → resolved, "resolved set after a reply";
 * spec 001 §4: the buyer resolves a query once it has a reply). Decided: the seller opening or
 * answering a query moves it to viewed ('In Review'), and only the buyer resolves it, and only
 * after a reply. So "resolved after a reply" holds, and the buyer's resolve has a meaning (a reply
 * that resolved the query itself would leave the buyer nothing to do). A reply to a resolved query
 * keeps it resolved: the buyer has said it is settled.
 */
export function statusAfterSellerSawIt(status: OrderQueryStatus): OrderQueryStatus {
  return status === 'sent' ? 'viewed' : status;
}

export type ResolveRefusal = 'needs-reply' | null;

export function whyNotResolvable(query: { replyCount: number }): ResolveRefusal {
  return query.replyCount > 0 ? null : 'needs-reply';
}
