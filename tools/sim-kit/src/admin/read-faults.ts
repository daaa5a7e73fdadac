import { isRecord } from '../http/body.js';
import { AdminError } from './admin-error.js';

type RequiredFields = Readonly<Record<string, readonly [field: string, type: 'number' | 'string']>>;

/** The API faults' own fields (`ApiFaults`), checked in every simulator's. */
const apiNumberFields = ['next', 'every', 'perSecond', 'retryAfterSeconds', 'ms', 'status'];
const apiRequired: RequiredFields = { delay: ['ms', 'number'], serverError: ['next', 'number'] };

/**
 * What a simulator's faults look like beyond the API faults, for checking them as the admin API
 * receives them.
 */
export interface FaultRules {
  /** Every fault the simulator knows, the API faults included. */
  keys: readonly string[];
  /** Fields of its own faults that, where present, must be numbers of at least 0. */
  numberFields?: readonly string[];
  /** Fields that, where present, must be strings. */
  stringFields?: readonly string[];
  /** The field one of its own faults cannot go without, and its type, e.g. `{ revokeToken: ['token', 'string'] }`. */
  required?: RequiredFields;
  /** The simulator's own further checks; they throw AdminError. */
  check?: (body: Record<string, unknown>) => void;
}

/**
 * A faults body from the admin API (`{ rateLimit: {...}, delay: null }`), checked against the
 * simulator's rules; refused with AdminError.
 */
export function readFaults<F>(body: Record<string, unknown>, rules: FaultRules): F {
  const numberFields = [...apiNumberFields, ...(rules.numberFields ?? [])];
  for (const [key, value] of Object.entries(body)) {
    if (!rules.keys.includes(key)) {
      throw new AdminError(`unknown fault "${key}"; use ${rules.keys.join(', ')}`);
    }
    if (value === null) continue;
    if (!isRecord(value)) throw new AdminError(`${key} must be an object or null`);
    for (const field of numberFields) {
      const number = value[field];
      if (
        number !== undefined &&
        (typeof number !== 'number' || !Number.isFinite(number) || number < 0)
      ) {
        throw new AdminError(`${key}.${field} must be a number of at least 0`);
      }
    }
    for (const field of rules.stringFields ?? []) {
      if (value[field] !== undefined && typeof value[field] !== 'string') {
        throw new AdminError(`${key}.${field} must be a string`);
      }
    }
  }
  for (const [key, [field, type]] of Object.entries({ ...apiRequired, ...rules.required })) {
    const fault = body[key];
    if (isRecord(fault) && typeof fault[field] !== type) {
      throw new AdminError(`${key}.${field} is required`);
    }
  }
  rules.check?.(body);
  // Checked field by field above against what the simulator says its faults are.
  return body as F;
}
