/** Users, API keys, sign-ins and tokens over PostgreSQL, shared by every desk. */
import type pg from 'pg';
import type { ApiKeyRecord, AuthStore, RefreshOutcome, TokenRecord, UserRecord } from '../../core/storage';
import { insertSql, selectList, setList, values } from '../shared/columns';
import { apiKeys, signIns, tokens, users } from '../shared/tables/auth';
import { inTransaction, type Tx } from './pool';

const USER_COLUMNS = selectList(users);
const NEW_USER = ['username', 'passwordHash', 'role', 'createdOn'] as const;
/** What saving a user changes. */
const SAVED_USER = ['role', 'disabled', 'passwordHash'] as const;
const API_KEY_COLUMNS = `${selectList(apiKeys, ['id', 'userId', 'name', 'prefix', 'createdOn', 'lastUsedOn', 'revokedOn'], 'k')},
  u.username FROM api_keys k JOIN users u ON u.id = k.user_id`;
const NEW_API_KEY = ['userId', 'name', 'prefix', 'hash', 'createdOn'] as const;
const NEW_SIGN_IN = ['userId', 'method', 'createdOn', 'apiKeyId'] as const;
const NEW_TOKEN = ['hash', 'signInId', 'kind', 'expiresOn'] as const;
/** A token with its sign-in and its user as they are now. */
const TOKEN_COLUMNS = `${selectList(tokens, ['signInId', 'kind', 'expiresOn', 'usedOn'], 't')},
  s.revoked_on AS "signInRevokedOn", s.user_id AS "userId", u.username, u.role, u.disabled AS "userDisabled",
  k.name AS "apiKeyName"
  FROM tokens t JOIN sign_ins s ON s.id = t.sign_in_id JOIN users u ON u.id = s.user_id
  LEFT JOIN api_keys k ON k.id = s.api_key_id`;

const TOKEN_BY_HASH = `SELECT ${TOKEN_COLUMNS} WHERE t.hash = $1`;

const newUser = values('postgres', users, NEW_USER);
const savedUser = values('postgres', users, [...SAVED_USER, 'id']);
const newApiKey = values('postgres', apiKeys, NEW_API_KEY);
const newSignIn = values('postgres', signIns, NEW_SIGN_IN);
const newToken = values('postgres', tokens, NEW_TOKEN);
const INSERT_TOKEN = insertSql('postgres', tokens, NEW_TOKEN);

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
          `${insertSql('postgres', users, NEW_USER)} RETURNING id`,
          newUser(user),
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
        await tx.query(`UPDATE users SET ${setList('postgres', users, SAVED_USER)} WHERE id = $4`, savedUser(user));
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
      (await first<{ id: number }>(`${insertSql('postgres', apiKeys, NEW_API_KEY)} RETURNING id`, newApiKey(key)))!.id,
    apiKeyByHash: (hash) =>
      first<{ id: number; userId: number; revokedOn: number | null }>(
        `SELECT ${selectList(apiKeys, ['id', 'userId', 'revokedOn'])} FROM api_keys WHERE key_hash = $1`,
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
            `${insertSql('postgres', signIns, NEW_SIGN_IN)} RETURNING id`,
            newSignIn({ userId: t.userId, method: t.method, createdOn: t.now, apiKeyId: t.apiKeyId ?? null }),
            tx,
          ))!.id;
        for (const token of t.tokens) {
          await tx.query(INSERT_TOKEN, newToken({ ...token, signInId }));
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
    // Named: every request with a token asks it, and planning its joins cost more than running them.
    tokenByHash: async (hash) =>
      (await pool.query<TokenRecord>({ name: 'ss_token_by_hash', text: TOKEN_BY_HASH, values: [hash] })).rows[0],
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
