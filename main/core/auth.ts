/**
 * Who may call the station: users, sign-in (API key, credentials, refresh token), access
 * tokens and API keys (CONTRACT §3). Secrets are stored only as hashes: scrypt for
 * passwords, SHA-256 for random tokens and keys (256 random bits need no stretching).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AuthRepo, UserRow } from '../store/auth-repo';
import { FieldErrors, ProblemError, notFound, validationError } from './errors';
import {
  burnPasswordCheck,
  generatePassword,
  hashPassword,
  needsRehash,
  passwordProblem,
  verifyPassword,
} from './passwords';
import { SlidingWindowLimiter } from './rate-limiter';
import type { ApiKey, AuthRequest, AuthResponse, Role, User } from './schemas';

export interface AuthUser {
  id: number;
  username: string;
  role: Role;
}

export interface AuthOptions {
  accessTokenMinutes: number;
  refreshTokenDays: number;
  now: () => number;
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();
const newToken = (): string => randomBytes(32).toString('base64url');
const iso = (ms: number): string => new Date(ms).toISOString();
const API_KEY_PATTERN = /^ssk_[A-Za-z0-9_-]{43}$/;
const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{1,64}$/;

/** The same 400 for every sign-in failure, so that nobody learns which users exist. */
const signInFailed = () =>
  new ProblemError('validation', 'The sign-in was not accepted: check the key or the user name and password.');

export const toUser = (row: UserRow): User => ({
  id: row.id,
  username: row.username,
  role: row.role,
  disabled: row.disabled === 1,
  createdOn: iso(row.created_on),
});

export class AuthService {
  private readonly failuresByUser: SlidingWindowLimiter;
  private readonly failuresByClient: SlidingWindowLimiter;

  constructor(
    private readonly repo: AuthRepo,
    private readonly options: AuthOptions,
  ) {
    // CONTRACT §3: after 10 failures in 15 minutes, 429 until the window passes.
    this.failuresByUser = new SlidingWindowLimiter(10, 15 * 60_000, options.now);
    this.failuresByClient = new SlidingWindowLimiter(10, 15 * 60_000, options.now);
  }

  // ------------------------------------------------------------ sign-in

  async signIn(option: string | undefined, body: AuthRequest, client: string): Promise<AuthResponse> {
    const given = (['apiKey', 'credentials', 'refreshToken'] as const).filter((k) => body[k] !== undefined);
    const expected = { apikey: 'apiKey', credentials: 'credentials', refresh: 'refreshToken' } as const;
    if (option === undefined || !(option in expected)) {
      throw validationError({
        option: option === undefined ? 'is required: apikey, credentials or refresh' : `${option} is not one of: apikey, credentials, refresh`,
      });
    }
    const field = expected[option as keyof typeof expected];
    const errors = new FieldErrors();
    if (body[field] === undefined) errors.add(field, `is required when option is ${option}`);
    for (const other of given) if (other !== field) errors.add(other, `is not used when option is ${option}`);
    errors.throwIfAny();

    const username = option === 'credentials' ? body.credentials!.username : undefined;
    this.checkRateLimit(client, username);
    try {
      if (option === 'apikey') return this.signInWithApiKey(body.apiKey!.apiKey);
      if (option === 'credentials') return await this.signInWithPassword(body.credentials!.username, body.credentials!.password);
      return this.refresh(body.refreshToken!);
    } catch (error) {
      if (error instanceof ProblemError && error.kind === 'validation') {
        this.failuresByClient.record(client);
        if (username !== undefined) this.failuresByUser.record(username.toLowerCase());
      }
      throw error;
    }
  }

  private checkRateLimit(client: string, username: string | undefined): void {
    const wait = Math.max(
      this.failuresByClient.retryAfter(client),
      username === undefined ? 0 : this.failuresByUser.retryAfter(username.toLowerCase()),
    );
    if (wait > 0) {
      throw new ProblemError('rate-limited', `Too many failed sign-ins; try again in ${wait} seconds.`, {}, wait);
    }
  }

  private signInWithApiKey(key: string): AuthResponse {
    if (!API_KEY_PATTERN.test(key)) throw signInFailed();
    const row = this.repo.apiKeyByHash(sha256(key));
    if (!row || row.revoked_on !== null) throw signInFailed();
    const user = this.repo.userById(row.user_id);
    if (!user || user.disabled) throw signInFailed();
    this.repo.touchApiKey(row.id, this.options.now());
    return this.issueTokens(user.id, 'apikey');
  }

  private async signInWithPassword(username: string, password: string): Promise<AuthResponse> {
    const user = this.repo.userByName(username);
    if (!user) {
      await burnPasswordCheck(password);
      throw signInFailed();
    }
    if (!(await verifyPassword(password, user.password_hash)) || user.disabled) throw signInFailed();
    this.failuresByUser.reset(username.toLowerCase());
    if (needsRehash(user.password_hash)) {
      this.repo.replacePasswordHash(user.id, user.password_hash, await hashPassword(password));
    }
    return this.issueTokens(user.id, 'credentials');
  }

  /** Single use: a second use of the same refresh token revokes its whole sign-in. */
  private refresh(refreshToken: string): AuthResponse {
    const now = this.options.now();
    const hash = sha256(refreshToken);
    // The revocation must commit even though the request fails, so the transaction
    // returns its verdict instead of throwing (a throw would roll the revocation back).
    const outcome = this.repo.transaction((): AuthResponse | 'failed' => {
      const row = this.repo.tokenByHash(hash);
      if (!row || row.kind !== 'refresh' || row.sign_in_revoked_on !== null) return 'failed';
      if (row.used_on !== null || !this.repo.markTokenUsed(hash, now)) {
        this.repo.revokeSignIn(row.sign_in_id, now);
        return 'failed';
      }
      const user = this.repo.userById(row.user_id);
      if (row.expires_on <= now || !user || user.disabled) return 'failed';
      return this.issueTokens(user.id, 'refresh', row.sign_in_id);
    });
    if (outcome === 'failed') throw signInFailed();
    return outcome;
  }

  private issueTokens(userId: number, method: string, signInId?: number): AuthResponse {
    const now = this.options.now();
    const access = newToken();
    const refresh = newToken();
    const accessExpires = now + this.options.accessTokenMinutes * 60_000;
    const refreshExpires = now + this.options.refreshTokenDays * 86_400_000;
    this.repo.transaction(() => {
      const family = signInId ?? this.repo.insertSignIn(userId, method, now);
      this.repo.insertToken(sha256(access), family, 'access', accessExpires);
      this.repo.insertToken(sha256(refresh), family, 'refresh', refreshExpires);
      this.repo.pruneTokens(now - 86_400_000);
    });
    return {
      token: { accessToken: access, expires: iso(accessExpires) },
      refreshToken: { accessToken: refresh, expires: iso(refreshExpires) },
      errorMessage: null,
    };
  }

  /** The user behind a bearer token, or 401. */
  authenticate(accessToken: string | undefined): AuthUser {
    if (!accessToken) throw new ProblemError('unauthorized', 'Send an access token: Authorization: Bearer <token>.');
    const row = this.repo.tokenByHash(sha256(accessToken));
    const now = this.options.now();
    if (!row || row.kind !== 'access' || row.sign_in_revoked_on !== null || row.expires_on <= now) {
      throw new ProblemError('unauthorized', 'The access token is not valid or has expired; sign in again.');
    }
    const user = this.repo.userById(row.user_id);
    if (!user || user.disabled) throw new ProblemError('unauthorized', 'The user of this token is disabled.');
    return { id: user.id, username: user.username, role: user.role };
  }

  // ------------------------------------------------------------ users

  hasUsers(): boolean {
    return this.repo.countUsers() > 0;
  }

  /** On a database with no users: creates `admin` and returns its generated password once. */
  async ensureFirstAdmin(): Promise<string | null> {
    if (this.hasUsers()) return null;
    const password = generatePassword();
    await this.createUser({ username: 'admin', password, role: 'admin' });
    return password;
  }

  async createUser(input: { username: string; password: string; role?: Role | undefined }): Promise<User> {
    const errors = new FieldErrors();
    if (!USERNAME_PATTERN.test(input.username)) {
      errors.add('username', 'may hold letters, digits and . _ @ - only (1 to 64)');
    } else if (this.repo.userByName(input.username)) {
      errors.add('username', `${input.username} is taken`);
    }
    const weak = passwordProblem(input.password);
    if (weak) errors.add('password', weak);
    errors.throwIfAny();
    const hash = await hashPassword(input.password);
    const id = this.repo.insertUser(input.username, hash, input.role ?? 'operator', this.options.now());
    return toUser(this.repo.userById(id)!);
  }

  user(id: number): User {
    const row = this.repo.userById(id);
    if (!row) throw notFound(`User ${id}`);
    return toUser(row);
  }

  listUsers(): { items: User[] } {
    return { items: this.repo.users().map(toUser) };
  }

  async updateUser(
    rawId: string,
    changes: { disabled?: boolean | undefined; role?: Role | undefined; password?: string | undefined },
  ): Promise<User> {
    const user = /^\d{1,9}$/.test(rawId) ? this.repo.userById(Number(rawId)) : undefined;
    if (!user) throw notFound(`User ${rawId}`);
    const errors = new FieldErrors();
    if (changes.password !== undefined) {
      const weak = passwordProblem(changes.password);
      if (weak) errors.add('password', weak);
    }
    const losesAdmin =
      user.role === 'admin' && !user.disabled && (changes.disabled === true || changes.role === 'operator');
    if (losesAdmin && this.repo.countActiveAdmins() <= 1) {
      errors.add(changes.disabled ? 'disabled' : 'role', 'the station needs at least one enabled administrator');
    }
    errors.throwIfAny();
    const updated: UserRow = {
      ...user,
      role: changes.role ?? user.role,
      disabled: changes.disabled === undefined ? user.disabled : changes.disabled ? 1 : 0,
      password_hash: changes.password === undefined ? user.password_hash : await hashPassword(changes.password),
    };
    const now = this.options.now();
    this.repo.transaction(() => {
      this.repo.updateUser(updated);
      // A disabled user or a new password ends every open sign-in of that user.
      if (updated.disabled || changes.password !== undefined) this.repo.revokeSignInsOfUser(user.id, now);
    });
    return toUser(updated);
  }

  // ------------------------------------------------------------ API keys

  createApiKey(name: string, username: string | undefined, actor: AuthUser): { apiKey: ApiKey; key: string } {
    const owner = username === undefined ? this.repo.userById(actor.id) : this.repo.userByName(username);
    if (!owner) throw validationError({ username: `${username} is not a user of this station` });
    const key = `ssk_${newToken()}`;
    const id = this.repo.insertApiKey(owner.id, name, key.slice(0, 8), sha256(key), this.options.now());
    return { apiKey: this.apiKey(id), key };
  }

  private apiKey(id: number): ApiKey {
    const row = this.repo.apiKeyById(id);
    if (!row) throw notFound(`API key ${id}`);
    return {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      username: row.username,
      createdOn: iso(row.created_on),
      lastUsedOn: row.last_used_on === null ? null : iso(row.last_used_on),
    };
  }

  listApiKeys(): { items: ApiKey[] } {
    return { items: this.repo.apiKeys().map((k) => this.apiKey(k.id)) };
  }

  revokeApiKey(rawId: string): { success: boolean } {
    const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : NaN;
    const row = Number.isNaN(id) ? undefined : this.repo.apiKeyById(id);
    if (!row || row.revoked_on !== null) throw notFound(`API key ${rawId}`);
    this.repo.revokeApiKey(id, this.options.now());
    return { success: true };
  }
}
