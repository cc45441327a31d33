/** A named sliding-window limit over the store's counters, so every desk on a database shares it. */
import { LIMIT_HORIZON_MS, type LimitStore } from './storage';

/**
 * The caller a per-client limit counts against: every loopback address (all of 127.0.0.0/8,
 * ::1, and either written IPv4-mapped) is this machine, one caller, so 127.0.0.2 is no
 * fresh budget.
 */
export function limitCaller(address: string): string {
  const plain = address.toLowerCase().replace(/^::ffff:/, '');
  if (plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain)) return 'loopback';
  return plain;
}

export class RateLimit {
  constructor(
    private readonly store: LimitStore,
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {
    // The stores drop every key's hits older than the horizon: no window may be longer.
    if (windowMs > LIMIT_HORIZON_MS) throw new Error(`A limit's window may be at most ${LIMIT_HORIZON_MS} ms`);
  }

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
