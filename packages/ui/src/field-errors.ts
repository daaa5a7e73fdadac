import { ApiError } from './api-client.js';

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

/** What a contract schema's `safeParse` gives back; zod's own result has this shape. */
interface Checked {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
}

/**
 * Where a form shows a message: at a field (`processingDays`) or inside one, by the path of the
 * schema's issue (`lanes.0.country`: the country of the first lane).
 */
export type ErrorPath<K extends string> = K | `${K}.${string}`;

/**
 * The first message per place of a contract schema's refusal of a form's values, so the form says
 * at each field (or each part of a list field) what the service would refuse, before sending.
 *
 * @example fieldErrorsOf(updateProfileRequest, { website: 'shop' }) // { website: 'Website must be a web address (http:// or https://)' }
 * @example fieldErrorsOf(deliveryEstimateRule, rule) // { 'lanes.0.country': 'Choose a country' }
 */
export function fieldErrorsOf<K extends string>(
  schema: { safeParse(value: unknown): Checked },
  values: Partial<Record<K, unknown>>,
): Partial<Record<ErrorPath<K>, string>> {
  const errors: Partial<Record<ErrorPath<K>, string>> = {};
  for (const issue of schema.safeParse(values).error?.issues ?? []) {
    const [field] = issue.path;
    if (typeof field !== 'string' || !(field in values)) continue;
    const at = issue.path.map(String).join('.') as ErrorPath<K>;
    errors[at] ??= issue.message;
  }
  return errors;
}

/**
 * The messages of a refused call by the request body field they name (`details[].path`
 * 'body.website'), for the fields of a form: null when none of them names one of `fields`.
 */
export function fieldErrorsOfAnswer<K extends string>(
  error: unknown,
  fields: readonly K[],
): Partial<Record<K, string>> | null {
  if (!(error instanceof ApiError)) return null;
  const errors: Partial<Record<K, string>> = {};
  for (const { path, message } of error.details) {
    const field = path?.replace(/^body\./, '').split('.')[0] as K | undefined;
    if (field && fields.includes(field) && !errors[field]) errors[field] = message;
  }
  return Object.keys(errors).length ? errors : null;
}
