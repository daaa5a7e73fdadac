/**
 * The `$set` for a profile edit: only the fields sent; an empty text clears its field (stored as
 * null, which the screens show as not set).
 */
export function profileFieldsToSet(changes: Record<string, string | undefined>) {
  return Object.fromEntries(
    Object.entries(changes)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([field, value]) => [field, value === '' ? null : value]),
  );
}
