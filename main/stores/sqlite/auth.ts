/** Users, API keys, sign-ins and tokens over SQLite. */
import type { ApiKeyRecord, AuthStore, NewTokens, RefreshOutcome, TokenRecord, UserRecord } from '../../core/storage';
import { insertSql, reader, selectList, setList, table, values } from '../shared/columns';
import { apiKeys, signIns, tokens, users } from '../shared/tables/auth';
import type { Db } from './database';

const USER = selectList(users);
const NEW_USER = ['username', 'passwordHash', 'role', 'createdOn'] as const;
/** What saving a user changes. */
const SAVED_USER = ['role', 'disabled', 'passwordHash'] as const;
const API_KEY = `${selectList(apiKeys, ['id', 'userId', 'name', 'prefix', 'createdOn', 'lastUsedOn', 'revokedOn'], 'k')},
  u.username FROM api_keys k JOIN users u ON u.id = k.user_id`;
const NEW_API_KEY = ['userId', 'name', 'prefix', 'hash', 'createdOn'] as const;
const NEW_SIGN_IN = ['userId', 'method', 'createdOn', 'apiKeyId'] as const;
const NEW_TOKEN = ['hash', 'signInId', 'kind', 'expiresOn'] as const;
/** A token with its sign-in and its user as they are now. */
const TOKEN = `${selectList(tokens, ['signInId', 'kind', 'expiresOn', 'usedOn'], 't')},
  s.revoked_on AS "signInRevokedOn", s.user_id AS "userId", u.username, u.role, u.disabled AS "userDisabled"
  FROM tokens t JOIN sign_ins s ON s.id = t.sign_in_id JOIN users u ON u.id = s.user_id`;

export function sqliteAuth(db: Db): AuthStore {
  const s = {
    countUsers: db.prepare<[], number>('SELECT count(*) FROM users').pluck(),
    countActiveAdmins: db
      .prepare<[], number>("SELECT count(*) FROM users WHERE role = 'admin' AND disabled = 0")
      .pluck(),
    userByName: db.prepare<[string]>(`SELECT ${USER} FROM users WHERE username = ?`),
    userById: db.prepare<[number]>(`SELECT ${USER} FROM users WHERE id = ?`),
    users: db.prepare<[]>(`SELECT ${USER} FROM users ORDER BY id`),
    insertUser: db.prepare(`${insertSql('sqlite', users, NEW_USER)} ON CONFLICT (username) DO NOTHING`),
    updateUser: db.prepare(`UPDATE users SET ${setList('sqlite', users, SAVED_USER)} WHERE id = ?`),
    replacePasswordHash: db.prepare<[string, number, string]>(
      'UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?',
    ),
    insertApiKey: db.prepare(insertSql('sqlite', apiKeys, NEW_API_KEY)),
    apiKeyByHash: db.prepare<[Buffer], { id: number; userId: number; revokedOn: number | null }>(
      `SELECT ${selectList(apiKeys, ['id', 'userId', 'revokedOn'])} FROM api_keys WHERE key_hash = ?`,
    ),
    touchApiKey: db.prepare<[number, number]>('UPDATE api_keys SET last_used_on = ? WHERE id = ?'),
    apiKeys: db.prepare<[], ApiKeyRecord>(`SELECT ${API_KEY} WHERE k.revoked_on IS NULL ORDER BY k.id`),
    apiKeyById: db.prepare<[number], ApiKeyRecord>(`SELECT ${API_KEY} WHERE k.id = ?`),
    revokeApiKey: db.prepare<[number, number]>(
      'UPDATE api_keys SET revoked_on = ? WHERE id = ? AND revoked_on IS NULL',
    ),
    insertSignIn: db.prepare(insertSql('sqlite', signIns, NEW_SIGN_IN)),
    revokeSignIn: db.prepare<[number, number]>(
      'UPDATE sign_ins SET revoked_on = ? WHERE id = ? AND revoked_on IS NULL',
    ),
    revokeSignInsOfUser: db.prepare<[number, number]>(
      'UPDATE sign_ins SET revoked_on = ? WHERE user_id = ? AND revoked_on IS NULL',
    ),
    revokeSignInsOfApiKey: db.prepare<[number, number]>(
      'UPDATE sign_ins SET revoked_on = ? WHERE api_key_id = ? AND revoked_on IS NULL',
    ),
    insertToken: db.prepare(insertSql('sqlite', tokens, NEW_TOKEN)),
    tokenByHash: db.prepare<[Buffer]>(`SELECT ${TOKEN} WHERE t.hash = ?`),
    markTokenUsed: db.prepare<[number, Buffer]>('UPDATE tokens SET used_on = ? WHERE hash = ? AND used_on IS NULL'),
    deleteExpiredTokens: db
      .prepare<[number], number>('DELETE FROM tokens WHERE expires_on < ? RETURNING sign_in_id')
      .pluck(),
    deleteSignInIfEmpty: db.prepare<[number, number]>(
      'DELETE FROM sign_ins WHERE id = ? AND NOT EXISTS (SELECT 1 FROM tokens WHERE sign_in_id = ?)',
    ),
  };
  const transaction = <T>(fn: () => T): T => db.transaction(fn).immediate();
  const toUser = reader('sqlite', users);
  const user = (row: unknown): UserRecord | undefined => (row === undefined ? undefined : toUser(row));
  const toToken = reader('sqlite', table('tokens', { userDisabled: users.columns.disabled }));
  const token = (row: unknown) => (row === undefined ? undefined : (toToken(row) as unknown as TokenRecord));
  const newUser = values('sqlite', users, NEW_USER);
  const savedUser = values('sqlite', users, [...SAVED_USER, 'id']);
  const newApiKey = values('sqlite', apiKeys, NEW_API_KEY);
  const newSignIn = values('sqlite', signIns, NEW_SIGN_IN);
  const newToken = values('sqlite', tokens, NEW_TOKEN);

  return {
    countUsers: async () => s.countUsers.get()!,
    countActiveAdmins: async () => s.countActiveAdmins.get()!,
    userByName: async (username) => user(s.userByName.get(username)),
    userById: async (id) => user(s.userById.get(id)),
    users: async () => s.users.all().map(toUser),
    insertUser: async (record) => {
      const { changes, lastInsertRowid } = s.insertUser.run(...newUser(record));
      return changes === 1 ? Number(lastInsertRowid) : null;
    },
    updateUser: async (user, revokeSignIns, now) => {
      transaction(() => {
        s.updateUser.run(...savedUser(user));
        if (revokeSignIns) s.revokeSignInsOfUser.run(now, user.id);
      });
    },
    replacePasswordHash: async (userId, previous, next) =>
      s.replacePasswordHash.run(next, userId, previous).changes === 1,

    insertApiKey: async (key) => Number(s.insertApiKey.run(...newApiKey(key)).lastInsertRowid),
    apiKeyByHash: async (hash) => s.apiKeyByHash.get(hash),
    touchApiKey: async (id, now) => {
      s.touchApiKey.run(now, id);
    },
    apiKeys: async () => s.apiKeys.all(),
    apiKeyById: async (id) => s.apiKeyById.get(id),
    revokeApiKey: async (id, now) =>
      transaction(() => {
        if (s.revokeApiKey.run(now, id).changes === 0) return false;
        s.revokeSignInsOfApiKey.run(now, id);
        return true;
      }),

    issueTokens: async (t: NewTokens) =>
      transaction(() => {
        const signInId =
          t.signInId ??
          Number(
            s.insertSignIn.run(
              ...newSignIn({ userId: t.userId, method: t.method, createdOn: t.now, apiKeyId: t.apiKeyId ?? null }),
            ).lastInsertRowid,
          );
        for (const issued of t.tokens) s.insertToken.run(...newToken({ ...issued, signInId }));
        // Each refresh adds tokens to its sign-in, so a live one always has some. Both by
        // index: a sign-in reads only what it deletes, however many came before.
        const emptied = new Set(s.deleteExpiredTokens.all(t.pruneBefore));
        for (const id of emptied) s.deleteSignInIfEmpty.run(id, id);
        return signInId;
      }),
    tokenByHash: async (hash) => token(s.tokenByHash.get(hash)),
    useRefreshToken: async (hash, now) =>
      transaction((): RefreshOutcome => {
        const row = token(s.tokenByHash.get(hash));
        if (!row || row.kind !== 'refresh' || row.signInRevokedOn !== null) return { unknown: true };
        if (row.usedOn !== null || s.markTokenUsed.run(now, hash).changes !== 1) {
          s.revokeSignIn.run(now, row.signInId);
          return { reused: true };
        }
        return { token: { ...row, usedOn: now } };
      }),
  };
}
