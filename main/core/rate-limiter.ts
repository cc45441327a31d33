/** Counts events per key in a sliding window; in memory, as the station is one process. */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  private live(key: string): number[] {
    const since = this.now() - this.windowMs;
    const times = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (times.length === 0) this.hits.delete(key);
    else this.hits.set(key, times);
    return times;
  }

  /** Seconds until the key may act again, or 0 when it is under the limit. */
  retryAfter(key: string): number {
    const times = this.live(key);
    if (times.length < this.limit) return 0;
    const oldest = times[times.length - this.limit]!;
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  record(key: string): void {
    const times = this.live(key);
    times.push(this.now());
    this.hits.set(key, times);
    // Bound memory: a flood of distinct keys must not grow the map without end.
    if (this.hits.size > 50_000) this.hits.delete(this.hits.keys().next().value!);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }
}
