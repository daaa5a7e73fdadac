import { buyerMessages } from '@onvelope/contracts';
import { ApiError } from '@onvelope/ui';

/** What a buyer types into the public lookup form (spec 001 §2, public order tracking page). */
export interface TrackQueryInput {
  email: string;
  postcode: string;
  orderNumber: string;
}

/** spec 001 §5: all three fields are required. */
export const missingFieldsMessage = buyerMessages.fillAllFields;

/**
 * The lookup query as the spec sends it (§3 Track query: trimmed, postcode upper-cased), or null
 * when a field is empty after trimming.
 */
export function normaliseTrackQuery(input: TrackQueryInput): TrackQueryInput | null {
  const email = input.email.trim();
  const postcode = input.postcode.trim().toUpperCase();
  const orderNumber = input.orderNumber.trim();
  if (!email || !postcode || !orderNumber) return null;
  return { email, postcode, orderNumber };
}

/**
 * What keeps the order's three fields from being sent (the lookup form, and the portal's claim
 * dialog, which asks for the same three): 'Please fill in all fields' while one is blank, else null.
 */
export function trackQueryProblem(input: TrackQueryInput): string | null {
  return normaliseTrackQuery(input) ? null : missingFieldsMessage;
}

/** The form's starting values from /track?order=&email=&postcode= (the header's Quick Track). */
export function trackQueryFromSearch(search: URLSearchParams): TrackQueryInput {
  return {
    email: search.get('email') ?? '',
    postcode: search.get('postcode') ?? '',
    orderNumber: search.get('order') ?? '',
  };
}

/** The signed link's token from /track?link=<token> (beyond the spec: a seller's shared link). */
export function linkTokenFromSearch(search: URLSearchParams): string | null {
  return search.get('link')?.trim() || null;
}

/** spec 001 §8 public lookup: the server's message, else 'Order not found'; no answer is a network failure. */
export function lookupFailure(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkFailure) {
    return 'Failed to lookup order. Please try again.';
  }
  return (error instanceof ApiError && error.serverMessage) || 'Order not found';
}
