import type { Context } from 'koa';
import type { RouteContract } from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { HttpError } from '@onvelope/service-kit/errors';
import { attemptCounters, type AttemptCounters } from '@onvelope/service-kit/mongo';

/** What a limit is told of one more call by a key: whether it is allowed, and the wait if not. */
export interface WindowHit {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Counts calls per key in fixed windows, in this process or shared by every gateway. */
export interface WindowCounter {
  /** Counts a call; `log` is the request's logger, for what the counter has to report. */
  hit(key: string, log?: Logger): WindowHit | Promise<WindowHit>;
}

/**
 * Counts calls per key in fixed windows. All counters start together and are dropped together when a
 * window ends, so memory holds at most one window's worth of callers. Counters live in this process
 * only: with several gateway instances, each one allows the full amount (see `sharedWindowCounter`).
 */
export class FixedWindowCounter implements WindowCounter {
  private counts = new Map<string, number>();
  private windowStartedAt: number;

  constructor(
    private readonly windowMs: number,
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {
    this.windowStartedAt = now();
  }

  /** Counts one call; answers whether it is within the limit and when the window ends. */
  hit(key: string): { allowed: boolean; retryAfterSeconds: number } {
    const now = this.now();
    if (now - this.windowStartedAt >= this.windowMs) {
      this.counts.clear();
      this.windowStartedAt = now - ((now - this.windowStartedAt) % this.windowMs);
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((this.windowStartedAt + this.windowMs - now) / 1000),
    );
    return { allowed: count <= this.max, retryAfterSeconds };
  }
}

export interface RateLimitRule {
  /** Names the rule's counters, shared by every gateway. */
  name: string;
  /** `METHOD path` keys of the routes that share this limit. */
  routes: string[];
  max: number;
  /** What the caller is told, given the seconds to wait. */
  message: (retryAfterSeconds: number) => string;
}

const routeKey = (route: Pick<RouteContract, 'method' | 'path'>) => `${route.method} ${route.path}`;

export function gatewayRateLimitRules(limits: { signIn: number; lookup: number }): RateLimitRule[] {
  return [
    {
      name: 'sign-in',
      routes: ['POST /auth/login', 'POST /api/customer-auth/login'],
      max: limits.signIn,
      message: (seconds) => `Too many sign-in attempts. Please try again in ${seconds} seconds.`,
    },
    {
      name: 'lookup',
      routes: ['POST /api/customer/lookup'],
      max: limits.lookup,
      message: (seconds) => `Too many order lookups. Please try again in ${seconds} seconds.`,
    },
  ];
}

/**
 * Counts in the gateways' shared MongoDB (`RATE_LIMIT_MONGO_URL`), one atomic `$inc` per call, so
 * N gateways allow the limit once, not N times. When the database cannot be reached the call is
 * allowed (and logged): a limiter outage must not lock every buyer and seller out of signing in,
 * and the services keep their own per-account limits.
 */
export function sharedWindowCounter(
  counters: AttemptCounters,
  limit: { name: string; windowMs: number; max: number },
  log: Logger,
): WindowCounter {
  return {
    async hit(key, requestLog = log) {
      try {
        const { count, secondsLeft } = await counters.hit({ limit, key }, new Date());
        return { allowed: count <= limit.max, retryAfterSeconds: secondsLeft };
      } catch (error) {
        requestLog.warn(
          { err: error, limit: limit.name },
          'shared rate limit unavailable; call allowed',
        );
        return { allowed: true, retryAfterSeconds: 0 };
      }
    },
  };
}

/** The counter for one rule: in this process, unless the gateways share their counters. */
export type CounterFor = (rule: RateLimitRule) => WindowCounter;

export const inProcessCounters =
  (windowMs: number): CounterFor =>
  (rule) =>
    new FixedWindowCounter(windowMs, rule.max);

/** Counters in the shared database's `rate_limits`, each dropped by a TTL index after its window. */
export async function sharedCountersIn(
  db: Parameters<typeof attemptCounters>[0],
  windowMs: number,
  log: Logger,
): Promise<CounterFor> {
  const counters = attemptCounters(db, 'rate_limits');
  await counters.model.syncIndexes();
  return (rule) =>
    sharedWindowCounter(counters, { name: `gateway-${rule.name}`, windowMs, max: rule.max }, log);
}

/** Per-client-address limits on the routes named by the rules; other routes pass untouched. */
export function createRateLimiter(rules: RateLimitRule[], counterFor: CounterFor) {
  const byRoute = new Map<string, { rule: RateLimitRule; counter: WindowCounter }>();
  for (const rule of rules) {
    const entry = { rule, counter: counterFor(rule) };
    for (const key of rule.routes) byRoute.set(key, entry);
  }
  return {
    /** Throws 429 (with Retry-After) when the caller has used up the route's allowance. */
    async check(ctx: Context, route: RouteContract): Promise<void> {
      const entry = byRoute.get(routeKey(route));
      if (!entry) return;
      const { allowed, retryAfterSeconds } = await entry.counter.hit(
        ctx.ip,
        ctx.state.log as Logger | undefined,
      );
      if (allowed) return;
      ctx.set('Retry-After', String(retryAfterSeconds));
      // The message is the `error` itself: the sign-in and lookup screens show a call's error text.
      throw new HttpError(429, entry.rule.message(retryAfterSeconds));
    },
  };
}
