/** A named sliding-window limit over the store's counters, so every desk on a database shares it. */
import type { LimitStore } from './storage';

export class RateLimit {
  constructor(
    private readonly store: LimitStore,
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Seconds until the key may act again, or 0 when it is under the limit. */
  retryAfter(key: string): Promise<number> {
    return this.store.retryAfter(`${this.name}:${key}`, this.limit, this.windowMs, this.now());
  }

  record(key: string): Promise<void> {
    return this.store.record(`${this.name}:${key}`, this.windowMs, this.now());
  }

  reset(key: string): Promise<void> {
    return this.store.reset(`${this.name}:${key}`);
  }
}
