export interface QuickTrackInput {
  order: string;
  email: string;
  postcode: string;
}

/**
 * The tracking page address the header's Quick Track form opens (spec 001 §2, public header):
 * /track with the query parameters order, email and postcode, trimmed.
 */
export function quickTrackPath(input: QuickTrackInput): string {
  const params = new URLSearchParams({
    order: input.order.trim(),
    email: input.email.trim(),
    postcode: input.postcode.trim(),
  });
  return `/track?${params.toString()}`;
}
