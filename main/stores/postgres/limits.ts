/** Sliding-window limits in a table, so a limit reached on one desk holds on every desk. */
import type pg from 'pg';
import { LIMIT_HORIZON_MS, type LimitStore } from '../../core/storage';

export function postgresLimits(pool: pg.Pool): LimitStore {
  return {
    async retryAfter(key, limit, windowMs, now) {
      // The hit that must leave the window before the key is under the limit again.
      const { rows } = await pool.query<{ at: number }>(
        'SELECT at FROM limit_hits WHERE key = $1 AND at > $2 ORDER BY at DESC OFFSET $3 LIMIT 1',
        [key, now - windowMs, limit - 1],
      );
      const oldest = rows[0]?.at;
      return oldest === undefined ? 0 : Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
    },
    async record(key, windowMs, now) {
      // Pruned per key as it is used, and every key past the horizon: the table holds
      // about one window of hits (small: the callers' limits bound what goes in).
      await pool.query(
        `WITH pruned AS (DELETE FROM limit_hits WHERE (key = $1 AND at <= $3) OR at <= $4)
         INSERT INTO limit_hits (key, at) VALUES ($1, $2)`,
        [key, now, now - windowMs, now - LIMIT_HORIZON_MS],
      );
    },
    async reset(key) {
      await pool.query('DELETE FROM limit_hits WHERE key = $1', [key]);
    },
  };
}
