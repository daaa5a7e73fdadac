/** How stores' own status words read, shared by the store export readers. */

/** A store's cell, trimmed and lower-cased, '' for none. */
export const lower = (value: string | undefined) => value?.trim().toLowerCase() ?? '';

const CANCELLED = /cancel|refund|void|fail|storn|annul/;
const PARTIAL = /partial|teilweise/;

/**
 * Whether a store's status says the order will not be sent: cancelled, refunded, voided, failed
 * (German 'storniert'). A partial refund is not: the rest of the order still ships (issue 39).
 */
export const isCancelledStatus = (status: string) =>
  CANCELLED.test(status) && !PARTIAL.test(status);

/** Whether a status says part of the order went out ('partially fulfilled', 'Teilweise versandt'). */
export const isPartialStatus = (status: string) => PARTIAL.test(status);
