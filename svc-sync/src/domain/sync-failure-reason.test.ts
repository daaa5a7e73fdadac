import { describe, expect, it } from 'vitest';
import { storeFrontFailureReason } from './sync-failure-reason.js';

describe('the reason a seller is given for a failed sync', () => {
  it('names a store-front that kept failing by its status', () => {
    expect(storeFrontFailureReason({ kind: 'unavailable', status: 503 })).toBe(
      'BigCartel kept answering with an error (HTTP 503), so the sync stopped after several tries.',
    );
    expect(storeFrontFailureReason({ kind: 'unavailable', status: null })).toBe(
      'BigCartel did not answer, so the sync stopped after several tries.',
    );
  });

  it('says what was refused without repeating what the store-front sent', () => {
    expect(storeFrontFailureReason({ kind: 'rejected', status: 422 })).toBe(
      "BigCartel refused the sync's request (HTTP 422).",
    );
    expect(storeFrontFailureReason({ kind: 'rejected', status: null })).toBe(
      'BigCartel sent an answer the sync could not read.',
    );
    expect(storeFrontFailureReason({ kind: 'not_found', status: 404 })).toContain('(HTTP 404)');
  });
});
