/**
 * Sliding-window limits for a SQLite station: in its limits table (sqliteLimits), so that
 * another process on the same file (`cli unlock-user`) sees and lifts them; or in memory
 * (memoryLimits), for tests of the limiter alone.
 */
import { LIMIT_HORIZON_MS, type LimitStore } from '../../core/storage';
import type { Db } from './database';

/** The same sliding window as PostgreSQL's, over the limit_hits table. */
export function sqliteLimits(db: Db): LimitStore {
  const nth = db.prepare<[string, number, number], { at: number }>(
    'SELECT at FROM limit_hits WHERE key = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?',
  );
  const prune = db.prepare<[string, number]>('DELETE FROM limit_hits WHERE key = ? AND at <= ?');
  const pruneEveryKey = db.prepare<[number]>('DELETE FROM limit_hits WHERE at <= ?');
  const insert = db.prepare<[string, number]>('INSERT INTO limit_hits (key, at) VALUES (?, ?)');
  const remove = db.prepare<[string]>('DELETE FROM limit_hits WHERE key = ?');
  // Pruned per key as it is used, and every key past the horizon: the table holds about
  // one window of hits (small: the callers' limits bound what goes in).
  const record = db.transaction((key: string, now: number, before: number) => {
    prune.run(key, before);
    pruneEveryKey.run(now - LIMIT_HORIZON_MS);
    insert.run(key, now);
  });
  return {
    async retryAfter(key, limit, windowMs, now) {
      const oldest = nth.get(key, now - windowMs, limit - 1)?.at;
      return oldest === undefined ? 0 : Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
    },
    async record(key, windowMs, now) {
      record.immediate(key, now, now - windowMs);
    },
    async reset(key) {
      remove.run(key);
    },
  };
}

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
