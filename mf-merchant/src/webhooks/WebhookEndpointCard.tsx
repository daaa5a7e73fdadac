import { useState } from 'react';
import {
  deleteWebhookEndpoint,
  getWebhookSecret,
  rollWebhookSecret,
  sendWebhookTestEvent,
  updateWebhookEndpoint,
  type WebhookEndpointView,
} from '@onvelope/contracts';
import { TimeText } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { Modal } from '../components/Modal.js';
import { WebhookDeliveryLog } from './WebhookDeliveryLog.js';
import { eventLabels, webhookTexts } from './webhook-form.js';

interface WebhookEndpointCardProps {
  endpoint: WebhookEndpointView;
  /** The secret of an endpoint just added: shown at once. */
  newSecret: string | null;
  onChanged: (endpoint: WebhookEndpointView) => void;
  onDeleted: (id: string) => void;
  onSaved: (text: string) => void;
  onFailed: (error: unknown, fallback: string) => void;
}

/** One endpoint: what it gets, its state, its secret, its actions and its delivery log. */
export function WebhookEndpointCard({
  endpoint,
  newSecret,
  onChanged,
  onDeleted,
  onSaved,
  onFailed,
}: WebhookEndpointCardProps) {
  const [secret, setSecret] = useState<string | null>(newSecret);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showLog, setShowLog] = useState(false);
  /** Bumped after a test event, so an open log reloads. */
  const [logVersion, setLogVersion] = useState(0);
  const params = { endpointId: endpoint.id };

  async function act(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      onFailed(error, webhookTexts.actionFailed);
    } finally {
      setBusy(false);
    }
  }

  const showSecret = () =>
    act(async () => {
      setSecret((await merchantApi.call(getWebhookSecret, { params })).secret);
    });
  const roll = () =>
    act(async () => {
      setSecret((await merchantApi.call(rollWebhookSecret, { params })).secret);
      onSaved(webhookTexts.rolled);
    });
  const sendTest = () =>
    act(async () => {
      await merchantApi.call(sendWebhookTestEvent, { params });
      setShowLog(true);
      setLogVersion((version) => version + 1);
      onSaved(webhookTexts.testSent);
    });
  const turn = (enabled: boolean) =>
    act(async () => {
      const answer = await merchantApi.call(updateWebhookEndpoint, { params, body: { enabled } });
      onChanged(answer.endpoint);
      onSaved(enabled ? webhookTexts.enabled : webhookTexts.disabled);
    });
  const remove = () =>
    act(async () => {
      await merchantApi.call(deleteWebhookEndpoint, { params });
      setConfirmDelete(false);
      onDeleted(endpoint.id);
      onSaved(webhookTexts.deleted);
    });

  const enabled = endpoint.state === 'enabled';
  return (
    <li className="me-webhooks__endpoint" data-testid="webhook-endpoint">
      <div className="me-webhooks__endpoint-head">
        <code className="me-webhooks__url" data-testid="webhook-endpoint-url">
          {endpoint.url}
        </code>
        <span
          className={enabled ? 'me-webhooks__state' : 'me-webhooks__state me-webhooks__state--off'}
          data-testid="webhook-endpoint-state"
        >
          {enabled ? 'On' : 'Off'}
        </span>
      </div>
      {endpoint.description && <p className="me-muted">{endpoint.description}</p>}
      <p className="me-webhooks__picked" data-testid="webhook-endpoint-events">
        {endpoint.events.map((type) => eventLabels[type]).join(', ')}
      </p>
      {endpoint.disabledReason === 'failing' && (
        <p className="ov-alert ov-alert--error" data-testid="webhook-endpoint-failing">
          {webhookTexts.disabledForFailing}
        </p>
      )}
      {enabled && endpoint.failingSince && (
        <p className="ov-alert ov-alert--info" data-testid="webhook-endpoint-failing-since">
          Failing since <TimeText value={endpoint.failingSince} form="dateTime" />
        </p>
      )}

      <div className="me-webhooks__secret">
        <span>Signing secret</span>
        {secret ? (
          <input
            readOnly
            value={secret}
            aria-label="Signing secret"
            onFocus={(event) => event.target.select()}
            data-testid="webhook-secret"
          />
        ) : (
          <button
            type="button"
            className="ov-button ov-button--secondary"
            disabled={busy}
            onClick={() => void showSecret()}
            data-testid="webhook-secret-show"
          >
            Show secret
          </button>
        )}
        <button
          type="button"
          className="ov-button ov-button--secondary"
          disabled={busy}
          onClick={() => void roll()}
          data-testid="webhook-secret-roll"
        >
          Roll secret
        </button>
      </div>
      <p className="me-muted">{webhookTexts.secretHelp}</p>

      <div className="me-webhooks__actions">
        <button
          type="button"
          className="ov-button"
          disabled={busy || !enabled}
          onClick={() => void sendTest()}
          data-testid="webhook-send-test"
        >
          Send test event
        </button>
        <button
          type="button"
          className="ov-button ov-button--secondary"
          onClick={() => setShowLog(!showLog)}
          aria-expanded={showLog}
          data-testid="webhook-log-toggle"
        >
          {showLog ? 'Hide delivery log' : 'Delivery log'}
        </button>
        <button
          type="button"
          className="ov-button ov-button--secondary"
          disabled={busy}
          onClick={() => void turn(!enabled)}
          data-testid="webhook-toggle"
        >
          {enabled ? 'Turn off' : 'Turn on'}
        </button>
        <button
          type="button"
          className="ov-button ov-button--secondary"
          disabled={busy}
          onClick={() => setConfirmDelete(true)}
          data-testid="webhook-delete"
        >
          Delete
        </button>
      </div>

      {showLog && (
        <WebhookDeliveryLog
          key={logVersion}
          endpointId={endpoint.id}
          onFailed={onFailed}
          onSaved={onSaved}
        />
      )}

      {confirmDelete && (
        <Modal
          title="Delete webhook endpoint"
          onClose={() => setConfirmDelete(false)}
          testId="webhook-delete-confirm"
          footer={
            <>
              <button
                type="button"
                className="ov-button ov-button--secondary"
                onClick={() => setConfirmDelete(false)}
              >
                Cancel
              </button>
              <button
                type="button"
                className="ov-button ov-button--danger"
                disabled={busy}
                onClick={() => void remove()}
                data-testid="webhook-delete-confirm-button"
              >
                Delete
              </button>
            </>
          }
        >
          <p>
            Delete <code>{endpoint.url}</code>? Deliveries not made yet are dropped with its log.
          </p>
        </Modal>
      )}
    </li>
  );
}
