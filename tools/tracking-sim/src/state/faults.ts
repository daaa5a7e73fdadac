import { apiFaultKeys, ApiFaultState, type ApiFaults } from '@onvelope/sim-kit';

/** Which API requests a fault applies to; without either, every `/v2` request. */
export interface ApiFaultTarget {
  /** Only requests whose path and query (percent-decoded) contain this text, e.g. `/v2/trackers/batch`. */
  match?: string;
  /** Only requests with this method, e.g. `POST`. */
  method?: string;
}

/** Which webhook events a fault applies to; without it, every one. */
export interface WebhookFaultTarget {
  /** Only events whose description (`tracker.updated`), tracking code or tracker status contains this text. */
  match?: string;
  /** The next N matching events; with neither next nor every, every matching event until cleared. */
  next?: number;
  /** Every Nth matching event. */
  every?: number;
}

/** The event is never sent (its delivery is recorded as `lost`). */
export type WebhookLossFault = WebhookFaultTarget;

export interface WebhookDuplicateFault extends WebhookFaultTarget {
  /** Extra copies sent after the first delivery (default 1), byte for byte the same. */
  copies?: number;
  /** Wait between the delivery and each copy (default 0). */
  delayMs?: number;
}

export interface WebhookReorderFault extends WebhookFaultTarget {
  /** Hold the event back this long, so events published after it arrive first (default 3 steps). */
  holdMs?: number;
}

export interface Faults extends ApiFaults<ApiFaultTarget> {
  webhookLoss?: WebhookLossFault | null;
  webhookDuplicate?: WebhookDuplicateFault | null;
  webhookReorder?: WebhookReorderFault | null;
}

export type RateLimitFault = NonNullable<Faults['rateLimit']>;
export type DelayFault = NonNullable<Faults['delay']>;
export type ServerErrorFault = NonNullable<Faults['serverError']>;

export const faultKeys = [
  ...apiFaultKeys,
  'webhookLoss',
  'webhookDuplicate',
  'webhookReorder',
] as const;

export interface ApiRequest {
  method: string;
  /** Path and query, percent-decoded. */
  url: string;
}

export interface WebhookEventFacts {
  description: string;
  trackingCode: string;
  status: string;
}

export interface WebhookFaultOutcome {
  lost: boolean;
  /** Extra copies to send, and the wait before each. */
  duplicate?: { copies: number; delayMs: number };
  /** Hold the first attempt back (for `holdMs`, or the simulator's default when undefined). */
  reorder?: { holdMs: number | undefined };
}

function targets(target: ApiFaultTarget, request: ApiRequest): boolean {
  if (target.method !== undefined && target.method.toUpperCase() !== request.method) return false;
  if (target.match !== undefined && !request.url.includes(target.match)) return false;
  return true;
}

function targetsEvent(target: WebhookFaultTarget, event: WebhookEventFacts): boolean {
  if (target.match === undefined) return true;
  return [event.description, event.trackingCode, event.status].some((text) =>
    text.includes(target.match!),
  );
}

/** Faults set through the admin API, consumed request by request and event by event. */
export class FaultState extends ApiFaultState<ApiFaultTarget, ApiRequest, Faults> {
  constructor() {
    super(faultKeys, targets);
  }

  /** What happens to one webhook event, consuming counted webhook faults. */
  webhookOutcome(event: WebhookEventFacts): WebhookFaultOutcome {
    const outcome: WebhookFaultOutcome = { lost: this.applies('webhookLoss', event) };
    if (outcome.lost) return outcome;
    const duplicate = this.faults.webhookDuplicate;
    if (duplicate && this.applies('webhookDuplicate', event)) {
      outcome.duplicate = { copies: duplicate.copies ?? 1, delayMs: duplicate.delayMs ?? 0 };
    }
    const reorder = this.faults.webhookReorder;
    if (reorder && this.applies('webhookReorder', event))
      outcome.reorder = { holdMs: reorder.holdMs };
    return outcome;
  }

  private applies(
    key: 'webhookLoss' | 'webhookDuplicate' | 'webhookReorder',
    event: WebhookEventFacts,
  ) {
    const fault = this.faults[key];
    if (!fault || !targetsEvent(fault, event)) return false;
    if (fault.next !== undefined && fault.next > 0) {
      fault.next -= 1;
      if (fault.next === 0 && fault.every === undefined) delete this.faults[key];
      return true;
    }
    if (fault.every !== undefined && fault.every > 0) return this.countUp(key, fault.every);
    return fault.next === undefined;
  }
}
