import type { ApiKeyScope, ApiKeyView } from '@onvelope/contracts';

/** What the create form holds: the name as typed and the scope chosen (an `ApiKeyScope`). */
export interface ApiKeyForm {
  name: string;
  scope: string;
}

export const emptyApiKeyForm: ApiKeyForm = { name: '', scope: 'read' };

export const scopeLabels: Record<ApiKeyScope, string> = {
  read: 'Read only',
  read_write: 'Read and write',
};

export const apiKeyTexts = {
  created: 'API key created. Copy it now: it will not be shown again.',
  revoked: 'API key revoked',
  copied: 'API key copied to clipboard',
  loadFailed: 'Failed to load API keys',
  createFailed: 'Failed to create API key',
  revokeFailed: 'Failed to revoke API key',
  secretWarning:
    'Copy this key now and keep it somewhere safe. For your security it will not be shown again; if you lose it, revoke it and create a new one.',
  revokeSummary: (name: string) =>
    `Revoke "${name}"? Every tool that uses this key stops working within seconds. This cannot be undone.`,
  neverUsed: 'Never',
} as const;

/** One row of the list, as shown; its times stay ISO for `TimeText` (the seller's zone). */
export function rowOf(key: ApiKeyView) {
  return {
    id: key.id,
    name: key.name,
    prefix: `${key.prefix}…`,
    scope: scopeLabels[key.scope],
    created: key.createdAt,
    lastUsed: key.lastUsedAt,
  };
}
