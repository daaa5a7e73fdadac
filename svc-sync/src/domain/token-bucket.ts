/**
 * A token bucket: `capacity` requests at once, refilled at `ratePerSecond`. Pure: the caller passes
 * the time, and `take` answers how long to wait before the request may go (0 = now). Taking a
 * token that is not there yet reserves it, so concurrent callers queue fairly.
 *
 * @example
 * const bucket = new TokenBucket(10, 5); bucket.take(Date.now()) // 0 until the burst is spent
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number | null = null;

  constructor(
    private readonly capacity: number,
    private readonly ratePerSecond: number,
  ) {
    this.tokens = capacity;
  }

  /** Milliseconds to wait before the request that takes this token may be sent. */
  take(now: number): number {
    if (this.updatedAt !== null) {
      const refill = ((now - this.updatedAt) / 1000) * this.ratePerSecond;
      this.tokens = Math.min(this.capacity, this.tokens + refill);
    }
    this.updatedAt = now;
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : Math.ceil((-this.tokens / this.ratePerSecond) * 1000);
  }
}
