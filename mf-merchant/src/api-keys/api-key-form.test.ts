import { describe, expect, it } from 'vitest';
import { apiKeyMessages } from '@onvelope/contracts';
import { emptyApiKeyForm, requestOf, rowOf } from './api-key-form.js';

describe('the API key form', () => {
  it('starts read-only and sends a trimmed name', () => {
    expect(emptyApiKeyForm()).toEqual({ name: '', scope: 'read' });
    expect(requestOf({ name: '  Warehouse  ', scope: 'read_write' })).toEqual({
      request: { name: 'Warehouse', scope: 'read_write' },
    });
  });

  it("names a missing or long name in the contract's words", () => {
    expect(requestOf({ name: '   ', scope: 'read' })).toEqual({
      errors: { name: apiKeyMessages.nameRequired },
    });
    expect(requestOf({ name: 'x'.repeat(61), scope: 'read' })).toEqual({
      errors: { name: apiKeyMessages.nameTooLong },
    });
  });

  it('shows a key by its prefix and its scope in words, and no last use until there is one', () => {
    const row = rowOf({
      id: 'key_1',
      name: 'Zapier',
      prefix: 'onv_live_ab12cd',
      scope: 'read',
      createdAt: '2026-11-28T10:00:00.000Z',
      lastUsedAt: null,
    });
    expect(row).toMatchObject({ prefix: 'onv_live_ab12cd…', scope: 'Read only' });
    expect(row).toMatchObject({ created: '2026-11-28T10:00:00.000Z', lastUsed: null });
  });
});
