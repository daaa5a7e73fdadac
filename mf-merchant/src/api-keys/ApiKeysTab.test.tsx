// @vitest-environment jsdom
import { apiKeyMessages } from '@onvelope/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiKeysTab } from './ApiKeysTab.js';

/** The bodies the tab sent to create a key. */
let created: unknown[] = [];

// svc-auth stands behind the API client's fetch: an empty list, and a key made from what is sent.
beforeEach(() => {
  created = [];
  Element.prototype.scrollIntoView = () => {};
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    if (init.method !== 'POST') return Response.json({ success: true, apiKeys: [] });
    const body = JSON.parse(String(init.body)) as { name: string; scope: 'read' | 'read_write' };
    created.push(body);
    return Response.json(
      {
        success: true,
        secret: 'onv_live_secret',
        apiKey: {
          id: 'key_1',
          name: body.name,
          prefix: 'onv_live_ab12cd',
          scope: body.scope,
          createdAt: '2026-11-28T10:00:00.000Z',
          lastUsedAt: null,
        },
      },
      { status: 201 },
    );
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const nameError = () => screen.queryByTestId('api-key-name-error')?.textContent;

describe('the API key form', () => {
  it("refuses a missing or long name in the contract's words, at the field", async () => {
    const user = userEvent.setup();
    render(<ApiKeysTab onSaved={() => {}} onFailed={() => {}} />);
    await screen.findByText('No API keys yet.');
    const name = screen.getByRole('textbox', { name: 'Key name' });
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    expect(nameError()).toBe(apiKeyMessages.nameRequired);
    expect(document.activeElement).toBe(name);

    await user.clear(name);
    await user.type(name, 'x'.repeat(61));
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    expect(nameError()).toBe(apiKeyMessages.nameTooLong);
    expect(created).toEqual([]);
  });

  it('starts read-only, sends a trimmed name with the scope chosen and lists the new key', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    render(<ApiKeysTab onSaved={(text) => saved.push(text)} onFailed={() => {}} />);
    await screen.findByText('No API keys yet.');
    const scope = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Scope' });
    expect(scope.value).toBe('read');
    await user.type(screen.getByRole('textbox', { name: 'Key name' }), '  Warehouse  ');
    await user.selectOptions(scope, 'read_write');
    await user.click(screen.getByRole('button', { name: 'Create API key' }));

    expect(await screen.findByRole('cell', { name: 'Warehouse' })).toBeTruthy();
    expect(created).toEqual([{ name: 'Warehouse', scope: 'read_write' }]);
    expect(saved).toEqual(['API key created. Copy it now: it will not be shown again.']);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Key name' }).value).toBe('');
    expect(scope.value).toBe('read');
  });
});
