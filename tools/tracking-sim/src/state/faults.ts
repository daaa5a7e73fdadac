/** Which API requests a fault applies to; without either, every `/v2` request. */
export interface ApiFaultTarget {
  /** Only requests whose path and query (percent-decoded) contain this text, e.g. `/v2/trackers/batch`. */
  match?: string;
  /** Only requests with this method, e.g. `POST`. */
  method?: string;
}

export interface RateLimitFault extends ApiFaultTarget {
  /** Answer 429 to the next N matching requests. */
  next?: number;
  /** Answer 429 to every Nth matching request. */
  every?: number;
  /** Allow at most N matching requests in any rolling second; the rest get 429. */
  perSecond?: number;
  /** Seconds in Retry-After (default 1; for perSecond, the time until a slot frees, at least 1). */
  retryAfterSeconds?: number;
  /** Leave Retry-After out. */
  omitRetryAfter?: boolean;
}

export interface DelayFault extends ApiFaultTarget {
  /** Wait this long before answering. */
  ms: number;
  /** Only the next N matching requests; without it, until cleared. */
  next?: number;
}

export interface ServerErrorFault extends ApiFaultTarget {
  /** Fail the next N matching requests. */
  next: number;
  /** 500 unless told otherwise (502, 503, 504 ...). */
  status?: number;
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

export interface Faults {
  rateLimit?: RateLimitFault | null;
  delay?: DelayFault | null;
  serverError?: ServerErrorFault | null;
  webhookLoss?: WebhookLossFault | null;
  webhookDuplicate?: WebhookDuplicateFault | null;
  webhookReorder?: WebhookReorderFault | null;
}

export const faultKeys = [
  'rateLimit',
  'delay',
  'serverError',
  'webhookLoss',
  'webhookDuplicate',
  'webhookReorder',
] as const;
export type FaultKey = (typeof faultKeys)[number];

export interface ApiRequest {
  method: string;
  /** Path and query, percent-decoded. */
  url: string;
}

export type ApiFaultOutcome =
  | { kind: 'pass' }
  | { kind: 'rate-limited'; retryAfterSeconds: number | undefined }
  | { kind: 'server-error'; status: number };

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

function targetsRequest(target: ApiFaultTarget, request: ApiRequest): boolean {
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
export class FaultState {
  private faults: Faults = {};
  private readonly counters = new Map<FaultKey, number>();
  private readonly window: number[] = [];

  current(): Faults {
    return structuredClone(this.faults);
  }

  /** Merges: a key that is present replaces that fault, `null` clears it, absent keys stay. */
  set(update: Faults): Faults {
    for (const key of faultKeys) {
      if (!(key in update)) continue;
      const value = update[key];
      if (value === null || value === undefined) delete this.faults[key];
      else (this.faults as Record<string, unknown>)[key] = structuredClone(value);
      this.counters.delete(key);
      if (key === 'rateLimit') this.window.length = 0;
    }
    return this.current();
  }

  clear(): void {
    this.faults = {};
    this.counters.clear();
    this.window.length = 0;
  }

  /** The delay before answering this request, consuming one use of a counted delay. */
  delayFor(request: ApiRequest): number {
    const delay = this.faults.delay;
    if (!delay || !targetsRequest(delay, request)) return 0;
    if (delay.next !== undefined) {
      delay.next -= 1;
      if (delay.next <= 0) delete this.faults.delay;
    }
    return delay.ms;
  }

  outcome(request: ApiRequest, now: number): ApiFaultOutcome {
    const limit = this.faults.rateLimit;
    if (limit && targetsRequest(limit, request)) {
      const retryAfter = limit.omitRetryAfter ? undefined : (limit.retryAfterSeconds ?? 1);
      if (limit.next !== undefined && limit.next > 0) {
        limit.next -= 1;
        if (limit.next === 0 && limit.every === undefined && limit.perSecond === undefined) {
          delete this.faults.rateLimit;
        }
        return { kind: 'rate-limited', retryAfterSeconds: retryAfter };
      }
      if (limit.every !== undefined && limit.every > 0 && this.countUp('rateLimit', limit.every)) {
        return { kind: 'rate-limited', retryAfterSeconds: retryAfter };
      }
      if (limit.perSecond !== undefined) {
        while (this.window.length > 0 && this.window[0]! <= now - 1000) this.window.shift();
        if (this.window.length >= limit.perSecond) {
          const wait = Math.max(1, Math.ceil((this.window[0]! + 1000 - now) / 1000));
          return {
            kind: 'rate-limited',
            retryAfterSeconds: limit.omitRetryAfter ? undefined : (limit.retryAfterSeconds ?? wait),
          };
        }
        this.window.push(now);
      }
    }
    const failure = this.faults.serverError;
    if (failure && targetsRequest(failure, request) && failure.next > 0) {
      failure.next -= 1;
      if (failure.next <= 0) delete this.faults.serverError;
      return { kind: 'server-error', status: failure.status ?? 500 };
    }
    return { kind: 'pass' };
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

  /** Counts one more matching use; true on every Nth. */
  private countUp(key: FaultKey, every: number): boolean {
    const count = (this.counters.get(key) ?? 0) + 1;
    this.counters.set(key, count);
    return count % every === 0;
  }
}
