export interface RateLimitFault {
  /** Answer 429 to the next N matching requests. */
  next?: number;
  /** Answer 429 to every Nth matching request (the Nth, 2Nth, ...). */
  every?: number;
  /** Allow at most N matching requests in any rolling second; the rest get 429. */
  perSecond?: number;
  /** Seconds in Retry-After (default 1; for perSecond, the time until a slot frees, at least 1). */
  retryAfterSeconds?: number;
  /** Leave Retry-After out, as an API that documents nothing might. */
  omitRetryAfter?: boolean;
}

export interface DelayFault {
  /** Wait this long before answering. */
  ms: number;
  /** Only for the next N matching requests; without it, until cleared. */
  next?: number;
}

export interface ServerErrorFault {
  /** Fail the next N matching requests. */
  next: number;
  /** 500 unless told otherwise (502, 503, 504 ...). */
  status?: number;
}

/**
 * The faults on API requests every simulator knows, each narrowed to the requests `Target`
 * describes (a simulator's own fields: a store, a path, a method).
 */
export interface ApiFaults<Target> {
  rateLimit?: (RateLimitFault & Target) | null;
  delay?: (DelayFault & Target) | null;
  serverError?: (ServerErrorFault & Target) | null;
}

/** The keys of `ApiFaults`, first among a simulator's fault keys. */
export const apiFaultKeys = ['rateLimit', 'delay', 'serverError'] as const;

export type ApiFaultOutcome =
  | { kind: 'pass' }
  | { kind: 'rate-limited'; retryAfterSeconds: number | undefined }
  | { kind: 'server-error'; status: number };

/** A request URL percent-decoded for fault matching; as sent when it does not decode. */
export function decodedUrl(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/**
 * Faults set through the admin API, consumed request by request. A simulator extends it with the
 * faults only it knows (they live in the same record `F`, set and cleared the same way) and says
 * with `targets` whether a fault's target takes in a request.
 */
export class ApiFaultState<Target, Request, F extends ApiFaults<Target>> {
  protected faults: Partial<F> = {};
  private readonly counters = new Map<keyof F, number>();
  private readonly window: number[] = [];

  constructor(
    /** Every fault the simulator knows. */
    private readonly keys: readonly (keyof F)[],
    private readonly targets: (target: Target, request: Request) => boolean,
  ) {}

  current(): Partial<F> {
    return structuredClone(this.faults);
  }

  /** Merges: a key that is present replaces that fault, `null` clears it, absent keys stay. */
  set(update: Partial<F>): Partial<F> {
    for (const key of this.keys) {
      if (!(key in update)) continue;
      const value = update[key];
      if (value === null || value === undefined) delete this.faults[key];
      else this.faults[key] = structuredClone(value);
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

  /** The delay to apply before this request, consuming one use of a counted delay. */
  delayFor(request: Request): number {
    const delay = this.faults.delay;
    if (!delay || !this.targets(delay, request)) return 0;
    if (delay.next !== undefined) {
      delay.next -= 1;
      if (delay.next <= 0) delete this.faults.delay;
    }
    return delay.ms;
  }

  /** Whether this request is answered with a 429 or a 5xx, consuming counted faults. */
  outcome(request: Request, now: number): ApiFaultOutcome {
    const limit = this.faults.rateLimit;
    if (limit && this.targets(limit, request)) {
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
    if (failure && this.targets(failure, request) && failure.next > 0) {
      failure.next -= 1;
      if (failure.next <= 0) delete this.faults.serverError;
      return { kind: 'server-error', status: failure.status ?? 500 };
    }
    return { kind: 'pass' };
  }

  /** Counts one more matching use of a fault; true on every Nth. */
  protected countUp(key: keyof F, every: number): boolean {
    const count = (this.counters.get(key) ?? 0) + 1;
    this.counters.set(key, count);
    return count % every === 0;
  }
}
