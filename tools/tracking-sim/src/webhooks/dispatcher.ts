import { type Mode } from '../http/auth.js';
import { easyPostTime, toEasyPostJson } from '../http/easypost-json.js';
import { type EventJson } from '../http/objects.js';
import { type DeliveryRecord, type EventRecord } from '../state/events.js';
import { type SimState } from '../state/sim-state.js';
import { type WebhookRecord } from '../state/webhooks.js';
import { signatureHeader, signWebhookBody } from './signature.js';

/** The event as a webhook body carries it at one attempt. */
export function eventJson(
  event: EventRecord,
  userId: string,
  status: EventJson['status'],
  withResult = true,
): EventJson {
  return {
    object: 'Event',
    id: event.id,
    mode: event.mode,
    description: event.description,
    previous_attributes: event.previousAttributes,
    ...(withResult ? { result: event.result } : {}),
    status,
    user_id: userId,
    created_at: easyPostTime(event.createdAt),
    updated_at: easyPostTime(event.updatedAt),
    // EasyPost: the URL receiving the event is still listed as pending; completed are those
    // already notified when this one was sent.
    pending_urls: event.urls.filter((url) => !event.completedUrls.includes(url)),
    completed_urls: [...event.completedUrls],
  };
}

/**
 * Sends events to webhooks: signed, one after another per webhook (so they normally arrive in
 * order), retried with doubling waits on any answer but 2xx, with the webhook faults applied.
 */
export class WebhookDispatcher {
  private readonly chains = new Map<string, Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly closing = new AbortController();

  constructor(private readonly state: SimState) {}

  /** Hands an event to every webhook that receives its mode. */
  publish(event: EventRecord, mode: Mode): void {
    for (const hook of this.state.webhooks.receiving(mode)) {
      const delivery: DeliveryRecord = {
        id: this.state.events.nextDeliveryId(),
        eventId: event.id,
        description: event.description,
        trackerId: event.trackerId,
        trackingCode: event.result.tracking_code,
        trackerStatus: event.result.status,
        webhookId: hook.id,
        url: hook.url,
        state: 'pending',
        faults: [],
        attempts: [],
        createdAt: this.state.now(),
      };
      event.urls.push(hook.url);
      event.deliveries.push(delivery);
      const outcome = this.state.faults.webhookOutcome({
        description: event.description,
        trackingCode: delivery.trackingCode,
        status: delivery.trackerStatus,
      });
      if (outcome.lost) {
        delivery.state = 'lost';
        delivery.faults.push('lost');
        continue;
      }
      if (outcome.duplicate) delivery.faults.push('duplicated');
      const send = () => this.attempt(event, delivery, hook, outcome.duplicate);
      if (outcome.reorder) {
        delivery.faults.push('reordered');
        this.later(outcome.reorder.holdMs ?? 3 * this.state.config.stepMs, send);
      } else {
        const previous = this.chains.get(hook.id) ?? Promise.resolve();
        const next = previous.then(send);
        this.chains.set(hook.id, next);
        this.track(next);
      }
    }
  }

  /** Stops every retry and aborts requests under way. */
  async close(): Promise<void> {
    this.closing.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  private later(ms: number, run: () => Promise<void>): void {
    if (this.closing.signal.aborted) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(run());
    }, ms);
    this.timers.add(timer);
  }

  private track(promise: Promise<unknown>): void {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
  }

  private async attempt(
    event: EventRecord,
    delivery: DeliveryRecord,
    hook: WebhookRecord,
    duplicate: { copies: number; delayMs: number } | undefined,
  ): Promise<void> {
    if (this.closing.signal.aborted) return;
    const { config } = this.state;
    if (!this.state.webhooks.get(hook.id)) {
      delivery.state = 'failed';
      delivery.attempts.push({
        at: this.state.now(),
        statusCode: null,
        error: 'the webhook was removed',
        durationMs: 0,
        copy: false,
      });
      return;
    }
    const first = delivery.attempts.length === 0;
    const body = toEasyPostJson(
      eventJson(event, this.state.userId, first ? 'in_queue' : 'retrying'),
    );
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'EasyPost WebHook Agent 1.0',
    };
    for (const header of hook.customHeaders) headers[header.name] = header.value;
    if (hook.secret) headers[signatureHeader] = signWebhookBody(body, hook.secret);

    const ok = await this.send(delivery, hook.url, body, headers, false);
    if (ok) {
      delivery.state = 'delivered';
      if (!event.completedUrls.includes(hook.url)) event.completedUrls.push(hook.url);
      event.updatedAt = this.state.now();
      for (let copy = 1; copy <= (duplicate?.copies ?? 0); copy += 1) {
        this.later(duplicate!.delayMs * copy, async () => {
          await this.send(delivery, hook.url, body, headers, true);
        });
      }
      return;
    }
    if (this.closing.signal.aborted) return;
    if (delivery.attempts.filter((attempt) => !attempt.copy).length >= config.webhookMaxAttempts) {
      delivery.state = 'failed';
    } else {
      delivery.state = 'retrying';
      const retries = delivery.attempts.filter((attempt) => !attempt.copy).length - 1;
      this.later(config.webhookRetryMs * 2 ** retries, () =>
        this.attempt(event, delivery, hook, duplicate),
      );
    }
    event.updatedAt = this.state.now();
  }

  /** One POST; records the attempt and says whether the receiver answered 2xx. */
  private async send(
    delivery: DeliveryRecord,
    url: string,
    body: string,
    headers: Record<string, string>,
    copy: boolean,
  ): Promise<boolean> {
    const at = this.state.now();
    const started = Date.now();
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.any([
          this.closing.signal,
          AbortSignal.timeout(this.state.config.webhookTimeoutMs),
        ]),
      });
      // Read the answer so the connection can be reused; its content does not matter.
      await response.arrayBuffer().catch(() => undefined);
      delivery.attempts.push({
        at,
        statusCode: response.status,
        error: response.ok ? null : `answered ${response.status}`,
        durationMs: Date.now() - started,
        copy,
      });
      return response.ok;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      const reason =
        (error as Error).name === 'TimeoutError'
          ? 'timed out'
          : (cause ?? (error as Error).message);
      delivery.attempts.push({
        at,
        statusCode: null,
        error: reason,
        durationMs: Date.now() - started,
        copy,
      });
      return false;
    }
  }
}
