/**
 * The messages to keep on screen after the seller edits a form: only those already shown that the
 * form still earns, with their current wording. A corrected field loses its message at once; a
 * field not yet complained about gains none until the next submit.
 *
 * @example errorsAfterEdit({ courier: 'Courier is required' }, {}) // {}: the courier was filled in
 */
export function errorsAfterEdit<K extends string>(
  shown: Partial<Record<K, string>>,
  current: Partial<Record<K, string>>,
): Partial<Record<K, string>> {
  const kept: Partial<Record<K, string>> = {};
  for (const key of Object.keys(shown) as K[]) {
    const message = current[key];
    if (shown[key] && message) kept[key] = message;
  }
  return kept;
}
