/** Users, API keys, sign-ins and tokens over PostgreSQL, shared by every desk. */
import type pg from 'pg';
import type { ApiKeyRecord, AuthStore, RefreshOutcome, TokenRecord, UserRecord } from '../../core/storage';
import { inTransaction, type Tx } from './pool';

const USER_COLUMNS = `id, username, password_hash AS "passwordHash", role, disabled, created_on AS "createdOn"`;
const API_KEY_COLUMNS = `k.id, k.user_id AS "userId", u.username, k.name, k.prefix, k.created_on AS "createdOn",
  k.last_used_on AS "lastUsedOn", k.revoked_on AS "revokedOn" FROM api_keys k JOIN users u ON u.id = k.user_id`;
const TOKEN_COLUMNS = `t.sign_in_id AS "signInId", s.user_id AS "userId", t.kind, t.expires_on AS "expiresOn",
  t.used_on AS "usedOn", s.revoked_on AS "signInRevokedOn", u.username, u.role, u.disabled AS "userDisabled",
  k.name AS "apiKeyName"
  FROM tokens t JOIN sign_ins s ON s.id = t.sign_in_id JOIN users u ON u.id = s.user_id
  LEFT JOIN api_keys k ON k.id = s.api_key_id`;

const UNIQUE_VIOLATION = '23505';
/** The unique index on lower(username) (migration 0001): only its violation means "name taken". */
const USERNAME_INDEX = 'users_by_name';

export function postgresAuth(pool: pg.Pool): AuthStore {
  const first = async <R extends pg.QueryResultRow>(sql: string, params: unknown[], db: pg.Pool | Tx = pool) =>
    (await db.query<R>(sql, params)).rows[0];
  const count = async (sql: string) => (await first<{ n: number }>(sql, []))!.n;

  return {
    countUsers: () => count('SELECT count(*) AS n FROM users'),
    countActiveAdmins: () => count("SELECT count(*) AS n FROM users WHERE role = 'admin' AND NOT disabled"),
    userByName: (username) =>
      first<UserRecord>(`SELECT ${USER_COLUMNS} FROM users WHERE lower(username) = lower($1)`, [username]),
    userById: (id) => first<UserRecord>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]),
    users: async () => (await pool.query<UserRecord>(`SELECT ${USER_COLUMNS} FROM users ORDER BY id`)).rows,
    async insertUser(user) {
      try {
        const row = await first<{ id: number }>(
          'INSERT INTO users (username, password_hash, role, created_on) VALUES ($1, $2, $3, $4) RETURNING id',
          [user.username, user.passwordHash, user.role, user.createdOn],
        );
        return row!.id;
      } catch (error) {
        // Two desks adding one name at once: the second waits on the index for the first to
        // commit, then fails here. Any other unique violation (an id) is a fault, not a taken name.
        const { code, constraint } = error as { code?: unknown; constraint?: unknown };
        if (code === UNIQUE_VIOLATION && constraint === USERNAME_INDEX) return null;
        throw error;
      }
    },
    updateUser: (user, revokeSignIns, now) =>
      inTransaction(pool, async (tx) => {
        await tx.query('UPDATE users SET role = $2, disabled = $3, password_hash = $4 WHERE id = $1', [
          user.id,
          user.role,
          user.disabled,
          user.passwordHash,
        ]);
        if (revokeSignIns) {
          await tx.query('UPDATE sign_ins SET revoked_on = $2 WHERE user_id = $1 AND revoked_on IS NULL', [
            user.id,
            now,
          ]);
        }
      }),
    replacePasswordHash: async (userId, previous, next) =>
      (
        await pool.query('UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [
          userId,
          previous,
          next,
        ])
      ).rowCount === 1,

    insertApiKey: async (key) =>
      (await first<{ id: number }>(
        'INSERT INTO api_keys (user_id, name, prefix, key_hash, created_on) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [key.userId, key.name, key.prefix, key.hash, key.createdOn],
      ))!.id,
    apiKeyByHash: (hash) =>
      first<{ id: number; userId: number; revokedOn: number | null }>(
        'SELECT id, user_id AS "userId", revoked_on AS "revokedOn" FROM api_keys WHERE key_hash = $1',
        [hash],
      ),
    touchApiKey: async (id, now) => {
      await pool.query('UPDATE api_keys SET last_used_on = $2 WHERE id = $1', [id, now]);
    },
    apiKeys: async () =>
      (await pool.query<ApiKeyRecord>(`SELECT ${API_KEY_COLUMNS} WHERE k.revoked_on IS NULL ORDER BY k.id`)).rows,
    apiKeyById: (id) => first<ApiKeyRecord>(`SELECT ${API_KEY_COLUMNS} WHERE k.id = $1`, [id]),
    revokeApiKey: (id, now) =>
      inTransaction(pool, async (tx) => {
        const revoked = await tx.query('UPDATE api_keys SET revoked_on = $2 WHERE id = $1 AND revoked_on IS NULL', [
          id,
          now,
        ]);
        if (revoked.rowCount !== 1) return false;
        await tx.query('UPDATE sign_ins SET revoked_on = $2 WHERE api_key_id = $1 AND revoked_on IS NULL', [id, now]);
        return true;
      }),

    issueTokens: (t) =>
      inTransaction(pool, async (tx) => {
        const signInId =
          t.signInId ??
          (await first<{ id: number }>(
            'INSERT INTO sign_ins (user_id, method, created_on, api_key_id) VALUES ($1, $2, $3, $4) RETURNING id',
            [t.userId, t.method, t.now, t.apiKeyId ?? null],
            tx,
          ))!.id;
        for (const token of t.tokens) {
          await tx.query('INSERT INTO tokens (hash, sign_in_id, kind, expires_on) VALUES ($1, $2, $3, $4)', [
            token.hash,
            signInId,
            token.kind,
            token.expiresOn,
          ]);
        }
        // Each refresh adds tokens to its sign-in, so a live one always has some.
        await tx.query(
          `WITH expired AS (DELETE FROM tokens WHERE expires_on < $1 RETURNING sign_in_id)
           DELETE FROM sign_ins s WHERE s.id IN (SELECT sign_in_id FROM expired)
             AND NOT EXISTS (SELECT 1 FROM tokens t WHERE t.sign_in_id = s.id AND t.expires_on >= $1)`,
          [t.pruneBefore],
        );
        return signInId;
      }),
    tokenByHash: (hash) => first<TokenRecord>(`SELECT ${TOKEN_COLUMNS} WHERE t.hash = $1`, [hash]),
    useRefreshToken: (hash, now) =>
      inTransaction(pool, async (tx): Promise<RefreshOutcome> => {
        // The token's row locked: two desks using one refresh token at once take turns, and
        // the second finds it used.
        const row = await first<TokenRecord>(`SELECT ${TOKEN_COLUMNS} WHERE t.hash = $1 FOR UPDATE OF t`, [hash], tx);
        // A token of a revoked sign-in is not live: unknown, as the SQLite store answers it.
        if (!row || row.kind !== 'refresh' || row.signInRevokedOn !== null) return { unknown: true };
        if (row.usedOn !== null) {
          await tx.query('UPDATE sign_ins SET revoked_on = $2 WHERE id = $1 AND revoked_on IS NULL', [
            row.signInId,
            now,
          ]);
          return { reused: true };
        }
        await tx.query('UPDATE tokens SET used_on = $2 WHERE hash = $1', [hash, now]);
        return { token: { ...row, usedOn: now } };
      }),
  };
}
