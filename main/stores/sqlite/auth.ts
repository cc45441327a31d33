/** Users, API keys, sign-ins and tokens over SQLite. */
import type { ApiKeyRecord, AuthStore, NewTokens, RefreshOutcome, TokenRecord, UserRecord } from '../../core/storage';
import type { Role } from '../../core/schemas';
import type { Db } from './database';

interface UserRow {
  id: number;
  username: string;
  password_hash: string;
  role: Role;
  disabled: 0 | 1;
  created_on: number;
}
interface ApiKeyRow {
  id: number;
  user_id: number;
  name: string;
  prefix: string;
  created_on: number;
  last_used_on: number | null;
  revoked_on: number | null;
  username: string;
}
interface TokenRow {
  sign_in_id: number;
  kind: 'access' | 'refresh';
  expires_on: number;
  used_on: number | null;
  sign_in_revoked_on: number | null;
  user_id: number;
  username: string;
  role: Role;
  disabled: 0 | 1;
  api_key_name: string | null;
}

const toUser = (r: UserRow): UserRecord => ({
  id: r.id,
  username: r.username,
  passwordHash: r.password_hash,
  role: r.role,
  disabled: r.disabled === 1,
  createdOn: r.created_on,
});
const toApiKey = (r: ApiKeyRow): ApiKeyRecord => ({
  id: r.id,
  userId: r.user_id,
  username: r.username,
  name: r.name,
  prefix: r.prefix,
  createdOn: r.created_on,
  lastUsedOn: r.last_used_on,
  revokedOn: r.revoked_on,
});
const toToken = (r: TokenRow): TokenRecord => ({
  signInId: r.sign_in_id,
  userId: r.user_id,
  kind: r.kind,
  expiresOn: r.expires_on,
  usedOn: r.used_on,
  signInRevokedOn: r.sign_in_revoked_on,
  username: r.username,
  role: r.role,
  userDisabled: r.disabled === 1,
  apiKeyName: r.api_key_name,
});

const API_KEY_COLUMNS = `k.id, k.user_id, k.name, k.prefix, k.created_on, k.last_used_on, k.revoked_on, u.username
  FROM api_keys k JOIN users u ON u.id = k.user_id`;

export function sqliteAuth(db: Db): AuthStore {
  const s = {
    countUsers: db.prepare<[], number>('SELECT count(*) FROM users').pluck(),
    countActiveAdmins: db
      .prepare<[], number>("SELECT count(*) FROM users WHERE role = 'admin' AND disabled = 0")
      .pluck(),
    userByName: db.prepare<[string], UserRow>('SELECT * FROM users WHERE username = ?'),
    userById: db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?'),
    users: db.prepare<[], UserRow>('SELECT * FROM users ORDER BY id'),
    insertUser: db.prepare<[string, string, string, number]>(
      'INSERT INTO users (username, password_hash, role, created_on) VALUES (?, ?, ?, ?) ON CONFLICT (username) DO NOTHING',
    ),
    updateUser: db.prepare<{ id: number; role: string; disabled: number; password_hash: string }>(
      'UPDATE users SET role = @role, disabled = @disabled, password_hash = @password_hash WHERE id = @id',
    ),
    replacePasswordHash: db.prepare<[string, number, string]>(
      'UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?',
    ),
    insertApiKey: db.prepare<[number, string, string, Buffer, number]>(
      'INSERT INTO api_keys (user_id, name, prefix, key_hash, created_on) VALUES (?, ?, ?, ?, ?)',
    ),
    apiKeyByHash: db.prepare<[Buffer], { id: number; user_id: number; revoked_on: number | null }>(
      'SELECT id, user_id, revoked_on FROM api_keys WHERE key_hash = ?',
    ),
    touchApiKey: db.prepare<[number, number]>('UPDATE api_keys SET last_used_on = ? WHERE id = ?'),
    apiKeys: db.prepare<[], ApiKeyRow>(`SELECT ${API_KEY_COLUMNS} WHERE k.revoked_on IS NULL ORDER BY k.id`),
    apiKeyById: db.prepare<[number], ApiKeyRow>(`SELECT ${API_KEY_COLUMNS} WHERE k.id = ?`),
    revokeApiKey: db.prepare<[number, number]>(
      'UPDATE api_keys SET revoked_on = ? WHERE id = ? AND revoked_on IS NULL',
    ),
    insertSignIn: db.prepare<[number, string, number, number | null]>(
      'INSERT INTO sign_ins (user_id, method, created_on, api_key_id) VALUES (?, ?, ?, ?)',
    ),
    revokeSignIn: db.prepare<[number, number]>(
      'UPDATE sign_ins SET revoked_on = ? WHERE id = ? AND revoked_on IS NULL',
    ),
    revokeSignInsOfUser: db.prepare<[number, number]>(
      'UPDATE sign_ins SET revoked_on = ? WHERE user_id = ? AND revoked_on IS NULL',
    ),
    revokeSignInsOfApiKey: db.prepare<[number, number]>(
      'UPDATE sign_ins SET revoked_on = ? WHERE api_key_id = ? AND revoked_on IS NULL',
    ),
    insertToken: db.prepare<[Buffer, number, string, number]>(
      'INSERT INTO tokens (hash, sign_in_id, kind, expires_on) VALUES (?, ?, ?, ?)',
    ),
    tokenByHash: db.prepare<[Buffer], TokenRow>(
      `SELECT t.sign_in_id, t.kind, t.expires_on, t.used_on, s.revoked_on AS sign_in_revoked_on, s.user_id,
         u.username, u.role, u.disabled, k.name AS api_key_name
       FROM tokens t JOIN sign_ins s ON s.id = t.sign_in_id JOIN users u ON u.id = s.user_id
       LEFT JOIN api_keys k ON k.id = s.api_key_id WHERE t.hash = ?`,
    ),
    markTokenUsed: db.prepare<[number, Buffer]>('UPDATE tokens SET used_on = ? WHERE hash = ? AND used_on IS NULL'),
    deleteExpiredTokens: db
      .prepare<[number], number>('DELETE FROM tokens WHERE expires_on < ? RETURNING sign_in_id')
      .pluck(),
    deleteSignInIfEmpty: db.prepare<[number, number]>(
      'DELETE FROM sign_ins WHERE id = ? AND NOT EXISTS (SELECT 1 FROM tokens WHERE sign_in_id = ?)',
    ),
  };
  const transaction = <T>(fn: () => T): T => db.transaction(fn).immediate();

  return {
    countUsers: async () => s.countUsers.get()!,
    countActiveAdmins: async () => s.countActiveAdmins.get()!,
    userByName: async (username) => {
      const row = s.userByName.get(username);
      return row && toUser(row);
    },
    userById: async (id) => {
      const row = s.userById.get(id);
      return row && toUser(row);
    },
    users: async () => s.users.all().map(toUser),
    insertUser: async (user) => {
      const { changes, lastInsertRowid } = s.insertUser.run(
        user.username,
        user.passwordHash,
        user.role,
        user.createdOn,
      );
      return changes === 1 ? Number(lastInsertRowid) : null;
    },
    updateUser: async (user, revokeSignIns, now) => {
      transaction(() => {
        s.updateUser.run({
          id: user.id,
          role: user.role,
          disabled: user.disabled ? 1 : 0,
          password_hash: user.passwordHash,
        });
        if (revokeSignIns) s.revokeSignInsOfUser.run(now, user.id);
      });
    },
    replacePasswordHash: async (userId, previous, next) =>
      s.replacePasswordHash.run(next, userId, previous).changes === 1,

    insertApiKey: async (key) =>
      Number(s.insertApiKey.run(key.userId, key.name, key.prefix, key.hash, key.createdOn).lastInsertRowid),
    apiKeyByHash: async (hash) => {
      const row = s.apiKeyByHash.get(hash);
      return row && { id: row.id, userId: row.user_id, revokedOn: row.revoked_on };
    },
    touchApiKey: async (id, now) => {
      s.touchApiKey.run(now, id);
    },
    apiKeys: async () => s.apiKeys.all().map(toApiKey),
    apiKeyById: async (id) => {
      const row = s.apiKeyById.get(id);
      return row && toApiKey(row);
    },
    revokeApiKey: async (id, now) =>
      transaction(() => {
        if (s.revokeApiKey.run(now, id).changes === 0) return false;
        s.revokeSignInsOfApiKey.run(now, id);
        return true;
      }),

    issueTokens: async (t: NewTokens) =>
      transaction(() => {
        const signInId =
          t.signInId ?? Number(s.insertSignIn.run(t.userId, t.method, t.now, t.apiKeyId ?? null).lastInsertRowid);
        for (const token of t.tokens) s.insertToken.run(token.hash, signInId, token.kind, token.expiresOn);
        // Each refresh adds tokens to its sign-in, so a live one always has some. Both by
        // index: a sign-in reads only what it deletes, however many came before.
        const emptied = new Set(s.deleteExpiredTokens.all(t.pruneBefore));
        for (const id of emptied) s.deleteSignInIfEmpty.run(id, id);
        return signInId;
      }),
    tokenByHash: async (hash) => {
      const row = s.tokenByHash.get(hash);
      return row && toToken(row);
    },
    useRefreshToken: async (hash, now) =>
      transaction((): RefreshOutcome => {
        const row = s.tokenByHash.get(hash);
        if (!row || row.kind !== 'refresh' || row.sign_in_revoked_on !== null) return { unknown: true };
        if (row.used_on !== null || s.markTokenUsed.run(now, hash).changes !== 1) {
          s.revokeSignIn.run(now, row.sign_in_id);
          return { reused: true };
        }
        return { token: toToken({ ...row, used_on: now }) };
      }),
  };
}
