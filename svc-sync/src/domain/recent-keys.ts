/**
 * The last `limit` keys remembered, the oldest forgotten first. Pure and in memory: for work that
 * may be skipped when a key is known and must be done when it is not (forgetting costs a repeat,
 * never a loss).
 *
 * @example
 * const noted = new RecentKeys(2); noted.add('a'); noted.add('b'); noted.add('c'); noted.has('a') // false
 */
export class RecentKeys {
  // A Set keeps insertion order: its first key is the oldest.
  private readonly keys = new Set<string>();

  constructor(private readonly limit: number) {}

  has(key: string): boolean {
    return this.keys.has(key);
  }

  add(key: string): void {
    this.keys.delete(key);
    this.keys.add(key);
    if (this.keys.size > this.limit) {
      const oldest = this.keys.values().next();
      if (!oldest.done) this.keys.delete(oldest.value);
    }
  }
}
