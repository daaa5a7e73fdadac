import { describe, expect, it } from 'vitest';
import { rowOf } from './api-key-form.js';

describe('the API key form', () => {
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
