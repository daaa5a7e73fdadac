import { useEffect, useState } from 'react';
import {
  apiKeyScopes,
  createApiKey,
  createApiKeyRequest,
  listApiKeys,
  revokeApiKey,
  type ApiKeyView,
} from '@onvelope/contracts';
import { TimeText, useContractForm } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { Field } from '../components/Field.js';
import { Modal } from '../components/Modal.js';
import {
  apiKeyTexts,
  emptyApiKeyForm,
  rowOf,
  scopeLabels,
  type ApiKeyForm,
} from './api-key-form.js';
import './api-keys.css';

interface ApiKeysTabProps {
  onSaved: (text: string) => void;
  /** A failure: the page decides between the session being over and showing `fallback`. */
  onFailed: (error: unknown, fallback: string) => void;
}

/**
 * Account settings, API KEYS tab (issue 35): the seller's keys for their own tools (name, prefix,
 * scope, created, last used), a new key whose secret is shown once with a copy button, and
 * revoking with a confirmation. The keys call the same API as these screens (root README, "Use the
 * API").
 */
export function ApiKeysTab({ onSaved, onFailed }: ApiKeysTabProps) {
  const [keys, setKeys] = useState<ApiKeyView[] | null>(null);
  const {
    formRef,
    values,
    field,
    busy: creating,
    handleSubmit,
    reset,
  } = useContractForm(createApiKeyRequest, emptyApiKeyForm);
  // Revoking a key: its dialog's buttons wait for the answer.
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);

  useEffect(() => {
    let live = true;
    merchantApi.call(listApiKeys).then(
      (answer) => {
        if (live) setKeys(answer.apiKeys);
      },
      (error: unknown) => {
        if (live) onFailed(error, apiKeyTexts.loadFailed);
      },
    );
    return () => {
      live = false;
    };
    // Once per visit of the tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function create(values: ApiKeyForm) {
    // Accepted by the form already: parsing gives the body as sent (the name trimmed).
    const body = createApiKeyRequest.parse(values);
    const answer = await merchantApi.call(createApiKey, { body });
    setCreated({ name: answer.apiKey.name, secret: answer.secret });
    setCopied(false);
    reset();
    setKeys((current) => [answer.apiKey, ...(current ?? [])]);
    onSaved(apiKeyTexts.created);
  }

  async function copySecret(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // The field stays selected for copying by hand.
      setCopied(false);
    }
  }

  async function revoke(key: ApiKeyView) {
    setBusy(true);
    try {
      await merchantApi.call(revokeApiKey, { params: { id: key.id } });
      setKeys((current) => (current ?? []).filter((candidate) => candidate.id !== key.id));
      setRevoking(null);
      onSaved(apiKeyTexts.revoked);
    } catch (error) {
      onFailed(error, apiKeyTexts.revokeFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="me-api-keys" data-testid="api-keys">
      <p className="me-muted">
        API keys let your own tools call ONVELOPE: list and search orders, ship them, run reports
        and exports, manage keyword rules and answer queries. They cannot change your account,
        billing or notifications. Send a key as <code>Authorization: Bearer &lt;key&gt;</code> or{' '}
        <code>X-Api-Key: &lt;key&gt;</code>.
      </p>

      {created && (
        <div className="ov-alert ov-alert--info me-api-keys__secret" data-testid="api-key-secret">
          <p>
            <strong>{created.name}</strong>: {apiKeyTexts.secretWarning}
          </p>
          <div className="me-api-keys__secret-row">
            <input
              readOnly
              value={created.secret}
              aria-label="Your new API key"
              onFocus={(event) => event.target.select()}
              data-testid="api-key-secret-value"
            />
            <button
              type="button"
              className="ov-button"
              onClick={() => void copySecret(created.secret)}
              data-testid="api-key-copy"
            >
              {copied ? 'Copied' : 'Copy'}
            </button>
            <button
              type="button"
              className="ov-button ov-button--secondary"
              onClick={() => setCreated(null)}
              data-testid="api-key-secret-done"
            >
              Done
            </button>
          </div>
        </div>
      )}

      <form
        ref={formRef}
        className="me-form me-api-keys__create"
        onSubmit={handleSubmit(create, (error) => onFailed(error, apiKeyTexts.createFailed))}
        noValidate
        data-testid="api-key-create-form"
      >
        <Field
          label="Key name"
          {...field('name')}
          placeholder="e.g. Warehouse system"
          testId="api-key-name"
        />
        <label className="ov-field me-field">
          <span>Scope</span>
          <select
            value={values.scope}
            onChange={(event) => field('scope').onChange(event.target.value)}
            data-testid="api-key-scope"
          >
            {apiKeyScopes.map((scope) => (
              <option key={scope} value={scope}>
                {scopeLabels[scope]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="ov-button"
          disabled={creating}
          data-testid="api-key-create"
        >
          {creating ? 'Creating…' : 'Create API key'}
        </button>
      </form>

      {keys === null ? (
        <p role="status" data-testid="api-keys-loading">
          Loading API keys...
        </p>
      ) : keys.length === 0 ? (
        <p className="me-muted" data-testid="api-keys-empty">
          No API keys yet.
        </p>
      ) : (
        <table className="me-api-keys__table" data-testid="api-keys-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Key</th>
              <th>Scope</th>
              <th>Created</th>
              <th>Last used</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => {
              const row = rowOf(key);
              return (
                <tr key={row.id} data-testid="api-key-row">
                  <td data-testid="api-key-row-name">{row.name}</td>
                  <td>
                    <code data-testid="api-key-row-prefix">{row.prefix}</code>
                  </td>
                  <td data-testid="api-key-row-scope">{row.scope}</td>
                  <td>
                    <TimeText value={row.created} form="dateTime" />
                  </td>
                  <td data-testid="api-key-row-last-used">
                    <TimeText
                      value={row.lastUsed}
                      form="dateTime"
                      missing={apiKeyTexts.neverUsed}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="ov-button ov-button--secondary"
                      onClick={() => setRevoking(key)}
                      data-testid="api-key-revoke"
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      {revoking && (
        <Modal
          title="Revoke API key"
          onClose={() => setRevoking(null)}
          testId="api-key-revoke-confirm"
          footer={
            <>
              <button
                type="button"
                className="ov-button me-danger-solid"
                onClick={() => void revoke(revoking)}
                disabled={busy}
                data-testid="api-key-revoke-ok"
              >
                Revoke key
              </button>
              <button
                type="button"
                className="ov-button ov-button--secondary"
                onClick={() => setRevoking(null)}
                disabled={busy}
                data-testid="api-key-revoke-cancel"
              >
                Cancel
              </button>
            </>
          }
        >
          <p data-testid="api-key-revoke-summary">{apiKeyTexts.revokeSummary(revoking.name)}</p>
        </Modal>
      )}
    </div>
  );
}
