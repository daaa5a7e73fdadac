import { useEffect, useState } from 'react';
import {
  createWebhookEndpoint,
  createWebhookEndpointRequest,
  listWebhookEndpoints,
  webhookEventTypes,
  type WebhookEndpointView,
} from '@onvelope/contracts';
import { useContractForm } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { Field } from '../components/Field.js';
import { WebhookEndpointCard } from './WebhookEndpointCard.js';
import {
  emptyWebhookForm,
  eventLabels,
  toggleEvent,
  urlErrorOf,
  webhookTexts,
  type WebhookForm,
} from './webhook-form.js';
import './webhooks.css';

interface WebhooksTabProps {
  onSaved: (text: string) => void;
  /** A failure: the page decides between the session being over and showing `fallback`. */
  onFailed: (error: unknown, fallback: string) => void;
}

/**
 * Account settings, WEBHOOKS tab (issue 35): the seller's endpoints, each with the events it
 * picked, its signing secret (shown on request, rolled), "Send test event", on/off and its delivery
 * log with replay; and a form to add one. Deliveries follow Standard Webhooks (root README, "Use
 * the API").
 */
export function WebhooksTab({ onSaved, onFailed }: WebhooksTabProps) {
  const [endpoints, setEndpoints] = useState<WebhookEndpointView[] | null>(null);
  const {
    formRef,
    values,
    errors,
    field,
    set,
    busy: adding,
    handleSubmit,
    showErrors,
    reset,
  } = useContractForm(createWebhookEndpointRequest, emptyWebhookForm(), { trim: true });
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);

  useEffect(() => {
    let live = true;
    merchantApi.call(listWebhookEndpoints).then(
      (answer) => {
        if (live) setEndpoints(answer.endpoints);
      },
      (error: unknown) => {
        if (live) onFailed(error, webhookTexts.loadFailed);
      },
    );
    return () => {
      live = false;
    };
    // Once per visit of the tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function add({ url, events, description }: WebhookForm) {
    const answer = await merchantApi.call(createWebhookEndpoint, {
      body: { url, events, ...(description ? { description } : {}) },
    });
    setEndpoints((current) => [...(current ?? []), answer.endpoint]);
    setCreated({ id: answer.endpoint.id, secret: answer.secret });
    reset();
    onSaved(webhookTexts.created);
  }

  function failed(error: unknown) {
    const url = urlErrorOf(error);
    if (url) showErrors({ url });
    else onFailed(error, webhookTexts.saveFailed);
  }

  const replaced = (endpoint: WebhookEndpointView) =>
    setEndpoints((current) =>
      (current ?? []).map((candidate) => (candidate.id === endpoint.id ? endpoint : candidate)),
    );
  const removed = (id: string) =>
    setEndpoints((current) => (current ?? []).filter((candidate) => candidate.id !== id));

  return (
    <div className="me-webhooks" data-testid="webhooks">
      <p className="me-muted">
        Webhooks send your tools an HTTPS request the moment something happens: an order created,
        updated, shipped or delivered, a delivery problem, a buyer&apos;s query and your reply. Each
        delivery is signed (Standard Webhooks: <code>webhook-id</code>,{' '}
        <code>webhook-timestamp</code>, <code>webhook-signature</code>) and retried for a day until
        your endpoint answers 2xx. The events and their JSON Schemas are at{' '}
        <a href="/api/notify/webhooks/event-types" target="_blank" rel="noreferrer">
          /api/notify/webhooks/event-types
        </a>
        .
      </p>

      <form
        className="me-form me-webhooks__create"
        ref={formRef}
        onSubmit={handleSubmit(add, failed)}
        noValidate
        data-testid="webhook-create-form"
      >
        <Field
          label="Endpoint URL"
          {...field('url')}
          placeholder="https://example.com/webhooks/onvelope"
          testId="webhook-url"
        />
        <Field
          label="Description (optional)"
          {...field('description')}
          placeholder="e.g. Warehouse system"
          testId="webhook-description"
        />
        <fieldset className="me-webhooks__events" data-testid="webhook-events">
          <legend>Events</legend>
          {webhookEventTypes.map((type) => (
            <label key={type} className="me-webhooks__event">
              <input
                type="checkbox"
                checked={values.events.includes(type)}
                onChange={() => set('events', toggleEvent(values.events, type))}
                data-testid={`webhook-event-${type}`}
              />
              {eventLabels[type]}
            </label>
          ))}
          {errors.events && (
            <span className="me-field__error" role="alert" data-testid="webhook-events-error">
              {errors.events}
            </span>
          )}
        </fieldset>
        <button type="submit" className="ov-button" disabled={adding} data-testid="webhook-create">
          {adding ? 'Adding…' : 'Add endpoint'}
        </button>
      </form>

      {endpoints === null ? (
        <p role="status" data-testid="webhooks-loading">
          Loading webhooks...
        </p>
      ) : endpoints.length === 0 ? (
        <p className="me-muted" data-testid="webhooks-empty">
          No webhook endpoints yet.
        </p>
      ) : (
        <ul className="me-webhooks__list" data-testid="webhooks-list">
          {endpoints.map((endpoint) => (
            <WebhookEndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              newSecret={created?.id === endpoint.id ? created.secret : null}
              onChanged={replaced}
              onDeleted={removed}
              onSaved={onSaved}
              onFailed={onFailed}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
