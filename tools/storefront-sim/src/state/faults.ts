/** Which API requests a fault applies to. Both are optional; without them it applies to every `/v1` request. */
export interface FaultTarget {
  /** Only requests under `/v1/accounts/{accountId}`. */
  accountId?: string;
  /** Only requests whose decoded path and query contain this text, e.g. `/orders` or `page[offset]=40`. */
  match?: string;
}

export interface RateLimitFault extends FaultTarget {
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

export interface DelayFault extends FaultTarget {
  /** Wait this long before answering. */
  ms: number;
  /** Only for the next N matching requests; without it, until cleared. */
  next?: number;
}

export interface ServerErrorFault extends FaultTarget {
  /** Fail the next N matching requests. */
  next: number;
  /** 500 unless told otherwise (502, 503, 504 ...). */
  status?: number;
}

export interface RevokeTokenFault {
  token: string;
  /** Serve this many more API requests (any token), then revoke the token. 0 revokes it now. */
  afterRequests: number;
}

export interface Faults {
  rateLimit?: RateLimitFault | null;
  delay?: DelayFault | null;
  serverError?: ServerErrorFault | null;
  revokeToken?: RevokeTokenFault | null;
}

export interface FaultRequest {
  /** Path and query, percent-decoded. */
  url: string;
  accountId: string | undefined;
}

export type FaultOutcome =
  | { kind: 'pass' }
  | { kind: 'rate-limited'; retryAfterSeconds: number | undefined }
  | { kind: 'server-error'; status: number };

function targets(target: FaultTarget, request: FaultRequest): boolean {
  if (target.accountId !== undefined && target.accountId !== request.accountId) return false;
  if (target.match !== undefined && !request.url.includes(target.match)) return false;
  return true;
}

/** Faults set through the admin API, consumed request by request. */
export class FaultState {
  private faults: Faults = {};
  private everyCounter = 0;
  private readonly window: number[] = [];

  current(): Faults {
    return structuredClone(this.faults);
  }

  /** Merges: a key that is present replaces that fault, `null` clears it, absent keys stay. */
  set(update: Faults): Faults {
    for (const key of ['rateLimit', 'delay', 'serverError', 'revokeToken'] as const) {
      if (!(key in update)) continue;
      const value = update[key];
      if (value === null || value === undefined) delete this.faults[key];
      else (this.faults as Record<string, unknown>)[key] = structuredClone(value);
      if (key === 'rateLimit') {
        this.everyCounter = 0;
        this.window.length = 0;
      }
    }
    return this.current();
  }

  clear(): void {
    this.set({ rateLimit: null, delay: null, serverError: null, revokeToken: null });
  }

  /** The delay to apply before this request, consuming one use of a counted delay. */
  delayFor(request: FaultRequest): number {
    const delay = this.faults.delay;
    if (!delay || !targets(delay, request)) return 0;
    if (delay.next !== undefined) {
      delay.next -= 1;
      if (delay.next <= 0) delete this.faults.delay;
    }
    return delay.ms;
  }

  /** The token to revoke now, if a delayed revocation has come due. */
  tokenToRevoke(): string | undefined {
    const revoke = this.faults.revokeToken;
    if (!revoke) return undefined;
    if (revoke.afterRequests > 0) {
      revoke.afterRequests -= 1;
      return undefined;
    }
    delete this.faults.revokeToken;
    return revoke.token;
  }

  outcome(request: FaultRequest, now: number): FaultOutcome {
    const limit = this.faults.rateLimit;
    if (limit && targets(limit, request)) {
      const retryAfter = limit.omitRetryAfter ? undefined : (limit.retryAfterSeconds ?? 1);
      if (limit.next !== undefined && limit.next > 0) {
        limit.next -= 1;
        if (limit.next === 0 && limit.every === undefined && limit.perSecond === undefined) {
          delete this.faults.rateLimit;
        }
        return { kind: 'rate-limited', retryAfterSeconds: retryAfter };
      }
      if (limit.every !== undefined && limit.every > 0) {
        this.everyCounter += 1;
        if (this.everyCounter % limit.every === 0) {
          return { kind: 'rate-limited', retryAfterSeconds: retryAfter };
        }
      }
      if (limit.perSecond !== undefined) {
        while (this.window.length > 0 && this.window[0]! <= now - 1000) this.window.shift();
        if (this.window.length >= limit.perSecond) {
          const waitSeconds = Math.max(1, Math.ceil((this.window[0]! + 1000 - now) / 1000));
          return {
            kind: 'rate-limited',
            retryAfterSeconds: limit.omitRetryAfter
              ? undefined
              : (limit.retryAfterSeconds ?? waitSeconds),
          };
        }
        this.window.push(now);
      }
    }
    const failure = this.faults.serverError;
    if (failure && targets(failure, request) && failure.next > 0) {
      failure.next -= 1;
      if (failure.next <= 0) delete this.faults.serverError;
      return { kind: 'server-error', status: failure.status ?? 500 };
    }
    return { kind: 'pass' };
  }
}
