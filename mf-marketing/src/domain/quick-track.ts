export interface QuickTrackInput {
  order: string;
  email: string;
  postcode: string;
}

const fieldNames: Record<keyof QuickTrackInput, string> = {
  order: 'order number',
  email: 'email',
  postcode: 'postcode',
};

/** The Quick Track fields left empty (blank counts as empty), in the form's order. */
export function missingQuickTrackFields(input: QuickTrackInput): (keyof QuickTrackInput)[] {
  return (Object.keys(fieldNames) as (keyof QuickTrackInput)[]).filter(
    (field) => input[field].trim() === '',
  );
}

/**
 * What the header says instead of opening /track with empty fields: the lookup needs all three
 * (spec 001 §5), so it names the missing ones. 'Please enter your order number, email and postcode.'
 */
export function quickTrackMessage(missing: readonly (keyof QuickTrackInput)[]): string {
  const names = missing.map((field) => fieldNames[field]);
  const list =
    names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0];
  return `Please enter your ${list}.`;
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
