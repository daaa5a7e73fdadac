/** How a store-front call failed for good (`StoreFrontError`'s kind). */
export type StoreFrontFailure = 'unauthorized' | 'not_found' | 'unavailable' | 'rejected';

/**
 * Why a sync stopped for good, in the words the seller is mailed (issue 34): built from what went
 * wrong (the kind of failure and the HTTP status), never from an error's own text, which may hold
 * a URL, a store-front's error body or a stack and has no place in a mail.
 *
 * @example
 * storeFrontFailureReason({ kind: 'unavailable', status: 503 })
 * // 'BigCartel kept answering with an error (HTTP 503), so the sync stopped after several tries.'
 */
export function storeFrontFailureReason(failure: {
  kind: StoreFrontFailure;
  status: number | null;
}): string {
  const http = failure.status === null ? '' : ` (HTTP ${failure.status})`;
  switch (failure.kind) {
    case 'unavailable':
      return failure.status === null
        ? 'BigCartel did not answer, so the sync stopped after several tries.'
        : `BigCartel kept answering with an error${http}, so the sync stopped after several tries.`;
    case 'not_found':
      return `BigCartel answered that the store's orders were not found${http}.`;
    case 'unauthorized':
      return 'BigCartel refused the stored authorization; the store needs to be connected again.';
    case 'rejected':
      return failure.status === null
        ? 'BigCartel sent an answer the sync could not read.'
        : `BigCartel refused the sync's request${http}.`;
  }
}

/** Our own side could not save the orders, however often the job was tried. */
export const ordersUnavailableReason =
  'The orders could not be saved on our side, so the sync stopped after several tries.';
