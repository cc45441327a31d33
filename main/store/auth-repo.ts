import type { Db } from './database';

export interface UserRow {
  id: number;
  username: string;
  password_hash: string;
  role: 'admin' | 'operator';
  disabled: 0 | 1;
  created_on: number;
}
export interface ApiKeyRow {
  id: number;
  user_id: number;
  name: string;
  prefix: string;
  created_on: number;
  last_used_on: number | null;
  revoked_on: number | null;
  username: string;
}
export interface TokenRow {
  sign_in_id: number;
  kind: 'access' | 'refresh';
  expires_on: number;
  used_on: number | null;
  sign_in_revoked_on: number | null;
  user_id: number;
}

export function authRepo(db: Db) {
  const s = {
    countUsers: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM users'),
    userByName: db.prepare<[string], UserRow>('SELECT * FROM users WHERE username = ?'),
    userById: db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?'),
    users: db.prepare<[], UserRow>('SELECT * FROM users ORDER BY id'),
    insertUser: db.prepare<[string, string, string, number]>(
      'INSERT INTO users (username, password_hash, role, created_on) VALUES (?, ?, ?, ?)',
    ),
    updateUser: db.prepare<{ id: number; role: string; disabled: number; password_hash: string }>(
      'UPDATE users SET role = @role, disabled = @disabled, password_hash = @password_hash WHERE id = @id',
    ),
    replacePasswordHash: db.prepare<[string, number, string]>(
      'UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?',
    ),
    countActiveAdmins: db.prepare<[], { n: number }>(
      "SELECT count(*) AS n FROM users WHERE role = 'admin' AND disabled = 0",
    ),
    insertApiKey: db.prepare<[number, string, string, Buffer, number]>(
      'INSERT INTO api_keys (user_id, name, prefix, key_hash, created_on) VALUES (?, ?, ?, ?, ?)',
    ),
    apiKeyByHash: db.prepare<[Buffer], { id: number; user_id: number; revoked_on: number | null }>(
      'SELECT id, user_id, revoked_on FROM api_keys WHERE key_hash = ?',
    ),
    touchApiKey: db.prepare<[number, number]>('UPDATE api_keys SET last_used_on = ? WHERE id = ?'),
    apiKeys: db.prepare<[], ApiKeyRow>(
      `SELECT k.id, k.user_id, k.name, k.prefix, k.created_on, k.last_used_on, k.revoked_on, u.username
       FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.revoked_on IS NULL ORDER BY k.id`,
    ),
    apiKeyById: db.prepare<[number], ApiKeyRow>(
      `SELECT k.id, k.user_id, k.name, k.prefix, k.created_on, k.last_used_on, k.revoked_on, u.username
       FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.id = ?`,
    ),
    revokeApiKey: db.prepare<[number, number]>(
      'UPDATE api_keys SET revoked_on = ? WHERE id = ? AND revoked_on IS NULL',
    ),
    insertSignIn: db.prepare<[number, string, number]>(
      'INSERT INTO sign_ins (user_id, method, created_on) VALUES (?, ?, ?)',
    ),
    revokeSignIn: db.prepare<[number, number]>(
      'UPDATE sign_ins SET revoked_on = ? WHERE id = ? AND revoked_on IS NULL',
    ),
    revokeSignInsOfUser: db.prepare<[number, number]>(
      'UPDATE sign_ins SET revoked_on = ? WHERE user_id = ? AND revoked_on IS NULL',
    ),
    insertToken: db.prepare<[Buffer, number, string, number]>(
      'INSERT INTO tokens (hash, sign_in_id, kind, expires_on) VALUES (?, ?, ?, ?)',
    ),
    tokenByHash: db.prepare<[Buffer], TokenRow>(
      `SELECT t.sign_in_id, t.kind, t.expires_on, t.used_on, s.revoked_on AS sign_in_revoked_on, s.user_id
       FROM tokens t JOIN sign_ins s ON s.id = t.sign_in_id WHERE t.hash = ?`,
    ),
    markTokenUsed: db.prepare<[number, Buffer]>(
      'UPDATE tokens SET used_on = ? WHERE hash = ? AND used_on IS NULL',
    ),
    deleteExpiredTokens: db.prepare<[number], number>('DELETE FROM tokens WHERE expires_on < ? RETURNING sign_in_id').pluck(),
    deleteSignInIfEmpty: db.prepare<[number, number]>(
      'DELETE FROM sign_ins WHERE id = ? AND NOT EXISTS (SELECT 1 FROM tokens WHERE sign_in_id = ?)',
    ),
  };

  return {
    countUsers: () => s.countUsers.get()!.n,
    countActiveAdmins: () => s.countActiveAdmins.get()!.n,
    userByName: (name: string) => s.userByName.get(name),
    userById: (id: number) => s.userById.get(id),
    users: () => s.users.all(),
    insertUser: (username: string, passwordHash: string, role: string, now: number) =>
      Number(s.insertUser.run(username, passwordHash, role, now).lastInsertRowid),
    updateUser: (row: UserRow) => s.updateUser.run(row),
    /** Swaps the hash only if it is still `previous` (no password change since). */
    replacePasswordHash: (id: number, previous: string, next: string) =>
      s.replacePasswordHash.run(next, id, previous).changes === 1,
    insertApiKey: (userId: number, name: string, prefix: string, hash: Buffer, now: number) =>
      Number(s.insertApiKey.run(userId, name, prefix, hash, now).lastInsertRowid),
    apiKeyByHash: (hash: Buffer) => s.apiKeyByHash.get(hash),
    touchApiKey: (id: number, now: number) => s.touchApiKey.run(now, id),
    apiKeys: () => s.apiKeys.all(),
    apiKeyById: (id: number) => s.apiKeyById.get(id),
    revokeApiKey: (id: number, now: number) => s.revokeApiKey.run(now, id).changes > 0,
    insertSignIn: (userId: number, method: string, now: number) =>
      Number(s.insertSignIn.run(userId, method, now).lastInsertRowid),
    revokeSignIn: (id: number, now: number) => s.revokeSignIn.run(now, id),
    revokeSignInsOfUser: (userId: number, now: number) => s.revokeSignInsOfUser.run(now, userId),
    insertToken: (hash: Buffer, signInId: number, kind: 'access' | 'refresh', expires: number) =>
      s.insertToken.run(hash, signInId, kind, expires),
    tokenByHash: (hash: Buffer) => s.tokenByHash.get(hash),
    /** True when this call was the one that used the token (single use under concurrency). */
    markTokenUsed: (hash: Buffer, now: number) => s.markTokenUsed.run(now, hash).changes === 1,
    /**
     * Deletes the tokens that expired before `before`, and the sign-ins left without any
     * (each refresh adds tokens to its sign-in, so a live one always has some). Both by
     * index: a sign-in reads only what it deletes, however many came before.
     */
    pruneTokens(before: number): number {
      const signIns = s.deleteExpiredTokens.all(before);
      for (const id of new Set(signIns)) s.deleteSignInIfEmpty.run(id, id);
      return signIns.length;
    },
    transaction: <T>(fn: () => T): T => db.transaction(fn).immediate(),
  };
}
export type AuthRepo = ReturnType<typeof authRepo>;
