/**
 * Sliding-window limits for a SQLite station, in memory: one SQLite file is one station's
 * process, so nothing else needs to see them, and a sign-in failure costs no fsync.
 */
import type { LimitStore } from '../../core/storage';

/** A flood of distinct keys must not grow the map without end. */
const MAX_KEYS = 50_000;

export function memoryLimits(): LimitStore {
  const hits = new Map<string, number[]>();
  const live = (key: string, windowMs: number, now: number): number[] => {
    const times = (hits.get(key) ?? []).filter((t) => t > now - windowMs);
    if (times.length === 0) hits.delete(key);
    else hits.set(key, times);
    return times;
  };
  return {
    async retryAfter(key, limit, windowMs, now) {
      const times = live(key, windowMs, now);
      if (times.length < limit) return 0;
      const oldest = times[times.length - limit]!;
      return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
    },
    async record(key, windowMs, now) {
      const times = live(key, windowMs, now);
      times.push(now);
      hits.set(key, times);
      if (hits.size > MAX_KEYS) hits.delete(hits.keys().next().value!);
    },
    async reset(key) {
      hits.delete(key);
    },
  };
}
