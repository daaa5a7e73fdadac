import type { Context } from 'koa';
import type { RouteContract } from '@onvelope/contracts';
import { HttpError } from '@onvelope/service-kit';

/**
 * Counts calls per key in fixed windows. All counters start together and are dropped together when a
 * window ends, so memory holds at most one window's worth of callers. Counters live in this process
 * only: with several gateway instances, each one allows the full amount.
 */
export class FixedWindowCounter {
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
      routes: ['POST /auth/login', 'POST /api/customer-auth/login'],
      max: limits.signIn,
      message: (seconds) => `Too many sign-in attempts. Please try again in ${seconds} seconds.`,
    },
    {
      routes: ['POST /api/customer/lookup'],
      max: limits.lookup,
      message: (seconds) => `Too many order lookups. Please try again in ${seconds} seconds.`,
    },
  ];
}

/** Per-client-address limits on the routes named by the rules; other routes pass untouched. */
export function createRateLimiter(rules: RateLimitRule[], windowMs: number) {
  const byRoute = new Map<string, { rule: RateLimitRule; counter: FixedWindowCounter }>();
  for (const rule of rules) {
    const entry = { rule, counter: new FixedWindowCounter(windowMs, rule.max) };
    for (const key of rule.routes) byRoute.set(key, entry);
  }
  return {
    /** Throws 429 (with Retry-After) when the caller has used up the route's allowance. */
    check(ctx: Context, route: RouteContract): void {
      const entry = byRoute.get(routeKey(route));
      if (!entry) return;
      const { allowed, retryAfterSeconds } = entry.counter.hit(ctx.ip);
      if (allowed) return;
      ctx.set('Retry-After', String(retryAfterSeconds));
      // The message is the `error` itself: the sign-in and lookup screens show a call's error text.
      throw new HttpError(429, entry.rule.message(retryAfterSeconds));
    },
  };
}
