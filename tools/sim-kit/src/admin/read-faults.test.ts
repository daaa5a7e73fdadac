import { describe, expect, it } from 'vitest';
import { AdminError } from './admin-error.js';
import { readFaults, type FaultRules } from './read-faults.js';

const rules: FaultRules = {
  keys: ['delay', 'serverError', 'revokeToken'],
  numberFields: ['afterRequests'],
  stringFields: ['match'],
  required: { revokeToken: ['token', 'string'] },
  check: (body) => {
    if (body.serverError && (body.serverError as { status?: number }).status === 418) {
      throw new AdminError('no teapots');
    }
  },
};

function refusal(body: Record<string, unknown>): string {
  try {
    readFaults(body, rules);
  } catch (error) {
    expect(error).toBeInstanceOf(AdminError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('readFaults', () => {
  it('accepts known faults and nulls as they are', () => {
    const body = { delay: { ms: 5, match: '/orders' }, serverError: null };
    expect(readFaults(body, rules)).toBe(body);
  });

  it('refuses what the simulator does not know or cannot use, naming the field', () => {
    expect(refusal({ slow: {} })).toBe('unknown fault "slow"; use delay, serverError, revokeToken');
    expect(refusal({ delay: 5 })).toBe('delay must be an object or null');
    expect(refusal({ delay: { ms: -1 } })).toBe('delay.ms must be a number of at least 0');
    expect(refusal({ serverError: { next: Infinity } })).toBe(
      'serverError.next must be a number of at least 0',
    );
    expect(refusal({ delay: { ms: 1, match: 7 } })).toBe('delay.match must be a string');
    expect(refusal({ revokeToken: { token: 't', afterRequests: '2' } })).toBe(
      'revokeToken.afterRequests must be a number of at least 0',
    );
    expect(refusal({ delay: {} })).toBe('delay.ms is required');
    expect(refusal({ serverError: { status: 503 } })).toBe('serverError.next is required');
    expect(refusal({ revokeToken: { token: 1 } })).toBe('revokeToken.token is required');
    expect(refusal({ serverError: { next: 1, status: 418 } })).toBe('no teapots');
  });
});
