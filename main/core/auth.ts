/**
 * Who may call the station: users, sign-in (API key, credentials, refresh token), access
 * tokens and API keys (docs/contract.md §3). Secrets are stored only as hashes: scrypt for
 * passwords, SHA-256 for random tokens and keys (256 random bits need no stretching).
 */
import { createHash, randomBytes } from 'node:crypto';
import { FieldErrors, ProblemError, conflict, notFound, validationError } from './errors';
import {
  burnPasswordCheck,
  generatePassword,
  hashPassword,
  needsRehash,
  passwordProblem,
  verifyPassword,
} from './passwords';
import { RateLimit } from './rate-limiter';
import type { ApiKey, AuthRequest, AuthResponse, Role, User } from './schemas';
import type { ApiKeyRecord, AuthStore, LimitStore, UserRecord } from './storage';

export interface AuthUser {
  id: number;
  username: string;
  role: Role;
  /** The name of the API key this token's sign-in was made with; null for a person's sign-in. */
  apiKey?: string | null;
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
const USERNAME_RULE = 'User name may hold letters, digits and . _ @ - only (1 to 64 of them)';

const userLimitKey = (username: string, door: 'ipc' | 'http') => `${username.toLowerCase()}@${door}`;

/** Each way of signing in: the body field it takes, and that body as a tool writes it. */
const SIGN_IN_OPTIONS = {
  apikey: { field: 'apiKey', body: '{"apiKey": {"apiKey": "ssk_…"}}' },
  credentials: { field: 'credentials', body: '{"credentials": {"username": "…", "password": "…"}}' },
  refresh: { field: 'refreshToken', body: '{"refreshToken": "<refreshToken.accessToken of the last sign-in>"}' },
} as const;
type SignInOption = keyof typeof SIGN_IN_OPTIONS;

/**
 * The same 400 for every failure of one way of signing in, so that nobody learns which users
 * or keys exist; its member names the field to fix.
 */
const SIGN_IN_FAILED: Record<SignInOption, string> = {
  apikey: 'This is not a key of this station, or it was revoked: check it, or ask an administrator for a new one',
  credentials: 'The user name or password is wrong, or the user is disabled',
  refresh: 'This refresh token has expired, was used already or was ended: sign in again with the key or password',
};
const signInFailed = (option: SignInOption) =>
  validationError(
    { [SIGN_IN_OPTIONS[option].field]: SIGN_IN_FAILED[option] },
    `The sign-in was not accepted: ${SIGN_IN_FAILED[option].charAt(0).toLowerCase()}${SIGN_IN_FAILED[option].slice(1)}.`,
  );

export const toUser = (row: UserRecord): User => ({
  id: row.id,
  username: row.username,
  role: row.role,
  disabled: row.disabled,
  createdOn: iso(row.createdOn),
});

const toApiKey = (row: ApiKeyRecord): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  username: row.username,
  createdOn: iso(row.createdOn),
  lastUsedOn: row.lastUsedOn === null ? null : iso(row.lastUsedOn),
});

/**
 * The door a sign-in came through: the app's own window (IPC) or HTTP. Every HTTP caller
 * is one door, whatever its address: 127.0.0.2 is no way around a limit.
 */
const doorOf = (client: string): 'ipc' | 'http' => (client === 'ipc' ? 'ipc' : 'http');
const DOORS = ['ipc', 'http'] as const;
const HTTP_DOOR = 'http';
/** Failed password sign-ins over HTTP, all user names together, before every one waits. */
export const SPRAY_LIMIT = { failures: 30, windowMs: 15 * 60_000 };
/** Failed API keys and refresh tokens a door may add to the limits table in a window. */
export const CREDENTIAL_FAILURES_RECORDED = { failures: 30, windowMs: 15 * 60_000 };

export class AuthService {
  /** Per user name and door: a local tool's wrong passwords never lock the desk's window out. */
  private readonly failuresByUser: RateLimit;
  /** Per API key and per refresh token given: a broken tool locks out only its own credential. */
  private readonly failuresByCredential: RateLimit;
  /**
   * Wrong passwords over HTTP whatever the user name: one caller trying a few passwords on
   * many names (spraying) stays under every user's limit but not under this one.
   */
  private readonly passwordFailuresOverHttp: RateLimit;
  /**
   * Failed API keys and refresh tokens recorded per door: each guessed credential is a key
   * of its own, so past this many in the window a door's further failures are answered
   * alike but not recorded, and no caller grows the limits table without bound.
   */
  private readonly credentialFailuresByDoor: RateLimit;

  constructor(
    private readonly repo: AuthStore,
    limits: LimitStore,
    private readonly options: AuthOptions,
  ) {
    // docs/contract.md §3: after 10 failures in 15 minutes, 429 until the window passes.
    this.failuresByUser = new RateLimit(limits, 'sign-in-user', 10, 15 * 60_000, options.now);
    this.failuresByCredential = new RateLimit(limits, 'sign-in-credential', 10, 15 * 60_000, options.now);
    this.passwordFailuresOverHttp = new RateLimit(
      limits,
      'sign-in-password-http',
      SPRAY_LIMIT.failures,
      SPRAY_LIMIT.windowMs,
      options.now,
    );
    this.credentialFailuresByDoor = new RateLimit(
      limits,
      'sign-in-credential-door',
      CREDENTIAL_FAILURES_RECORDED.failures,
      CREDENTIAL_FAILURES_RECORDED.windowMs,
      options.now,
    );
  }

  // ------------------------------------------------------------ sign-in

  async signIn(given: string, body: AuthRequest, client: string): Promise<AuthResponse> {
    // Matched ignoring case, as query parameter names are: apiKey is apikey.
    const option = given.toLowerCase();
    if (!Object.hasOwn(SIGN_IN_OPTIONS, option)) {
      throw validationError({ option: `Sign-in option ${given} is not one of: apikey, credentials, refresh` });
    }
    const { field, body: shape } = SIGN_IN_OPTIONS[option as SignInOption];
    const sent = (['apiKey', 'credentials', 'refreshToken'] as const).filter((k) => body[k] !== undefined);
    const errors = new FieldErrors();
    if (body[field] === undefined) errors.add(field, `${field} is required when option is ${option}: send ${shape}`);
    for (const other of sent) if (other !== field) errors.add(other, `${other} is not used when option is ${option}`);
    errors.throwIfAny();

    // What the failures are counted against: the user name at this door, or the very key or
    // refresh token given (hashed: the limits table never holds a secret).
    const [limit, key] =
      option === 'credentials'
        ? [this.failuresByUser, userLimitKey(body.credentials!.username, doorOf(client))]
        : [
            this.failuresByCredential,
            sha256(option === 'apikey' ? body.apiKey!.apiKey : body.refreshToken!).toString('hex'),
          ];
    const sprayed = option === 'credentials' && doorOf(client) === 'http';
    const sprayWait = sprayed ? await this.passwordFailuresOverHttp.retryAfter(HTTP_DOOR) : 0;
    if (sprayWait > 0) {
      throw new ProblemError(
        'rate-limited',
        `Too many wrong passwords over HTTP across user names; password sign-ins over HTTP wait ${sprayWait} seconds (API keys and the desk's window still sign in).`,
        {},
        sprayWait,
      );
    }
    const wait = await limit.retryAfter(key);
    if (wait > 0) {
      throw new ProblemError(
        'rate-limited',
        `Too many failed sign-ins; try again in ${wait} seconds, or ask an administrator to unlock the user.`,
        {},
        wait,
      );
    }
    try {
      if (option === 'apikey') return await this.signInWithApiKey(body.apiKey!.apiKey);
      if (option === 'credentials') {
        const tokens = await this.signInWithPassword(body.credentials!.username, body.credentials!.password);
        await limit.reset(key);
        return tokens;
      }
      return await this.refresh(body.refreshToken!);
    } catch (error) {
      if (error instanceof ProblemError && error.kind === 'validation') {
        if (option === 'credentials') {
          await limit.record(key);
          if (sprayed) await this.passwordFailuresOverHttp.record(HTTP_DOOR);
        } else if ((await this.credentialFailuresByDoor.retryAfter(doorOf(client))) === 0) {
          await this.credentialFailuresByDoor.record(doorOf(client));
          await limit.record(key);
        }
      }
      throw error;
    }
  }

  /** The rules of a user body the schema refused in part (docs/contract.md §11); whether a name is taken is checked later. */
  userRuleErrors(body: unknown): Record<string, string> {
    const errors = new FieldErrors();
    const { username, password } = (body ?? {}) as { username?: unknown; password?: unknown };
    if (typeof username === 'string' && !USERNAME_PATTERN.test(username)) {
      errors.add('username', USERNAME_RULE);
    }
    const weak = typeof password === 'string' ? passwordProblem(password) : null;
    if (weak) errors.add('password', weak);
    return { ...errors.fields };
  }

  /** An administrator lifts a user's sign-in lock at every door (`cli unlock-user`, the Users screen). */
  async unlockUser(userId: number): Promise<User> {
    const user = await this.repo.userById(userId);
    if (!user) throw notFound(`User ${userId}`);
    for (const door of DOORS) await this.failuresByUser.reset(userLimitKey(user.username, door));
    return toUser(user);
  }

  private async signInWithApiKey(key: string): Promise<AuthResponse> {
    if (!API_KEY_PATTERN.test(key)) throw signInFailed('apikey');
    const row = await this.repo.apiKeyByHash(sha256(key));
    if (!row || row.revokedOn !== null) throw signInFailed('apikey');
    const user = await this.repo.userById(row.userId);
    if (!user || user.disabled) throw signInFailed('apikey');
    await this.repo.touchApiKey(row.id, this.options.now());
    return this.issueTokens(user.id, 'apikey', { apiKeyId: row.id });
  }

  private async signInWithPassword(username: string, password: string): Promise<AuthResponse> {
    const user = await this.repo.userByName(username);
    if (!user) {
      await burnPasswordCheck(password);
      throw signInFailed('credentials');
    }
    if (!(await verifyPassword(password, user.passwordHash)) || user.disabled) throw signInFailed('credentials');
    if (needsRehash(user.passwordHash)) {
      await this.repo.replacePasswordHash(user.id, user.passwordHash, await hashPassword(password));
    }
    return this.issueTokens(user.id, 'credentials');
  }

  /** Single use: a second use of the same refresh token revokes its whole sign-in. */
  private async refresh(refreshToken: string): Promise<AuthResponse> {
    const now = this.options.now();
    const outcome = await this.repo.useRefreshToken(sha256(refreshToken), now);
    if (!('token' in outcome)) throw signInFailed('refresh');
    const { token } = outcome;
    if (token.expiresOn <= now || token.userDisabled) throw signInFailed('refresh');
    return this.issueTokens(token.userId, 'refresh', { signInId: token.signInId });
  }

  /** A refresh continues its sign-in (`signInId`); a sign-in with an API key names the key. */
  private async issueTokens(
    userId: number,
    method: string,
    of: { signInId?: number; apiKeyId?: number } = {},
  ): Promise<AuthResponse> {
    const now = this.options.now();
    const access = newToken();
    const refresh = newToken();
    const accessExpires = now + this.options.accessTokenMinutes * 60_000;
    const refreshExpires = now + this.options.refreshTokenDays * 86_400_000;
    await this.repo.issueTokens({
      userId,
      method,
      ...of,
      tokens: [
        { hash: sha256(access), kind: 'access', expiresOn: accessExpires },
        { hash: sha256(refresh), kind: 'refresh', expiresOn: refreshExpires },
      ],
      now,
      pruneBefore: now - 86_400_000,
    });
    return {
      token: { accessToken: access, expires: iso(accessExpires) },
      refreshToken: { accessToken: refresh, expires: iso(refreshExpires) },
      errorMessage: null,
    };
  }

  /** The user behind a bearer token, or 401. */
  async authenticate(accessToken: string | undefined): Promise<AuthUser> {
    if (!accessToken) throw new ProblemError('unauthorized', 'Send an access token: Authorization: Bearer <token>.');
    const row = await this.repo.tokenByHash(sha256(accessToken));
    const now = this.options.now();
    if (!row || row.kind !== 'access' || row.signInRevokedOn !== null || row.expiresOn <= now) {
      throw new ProblemError('unauthorized', 'The access token is not valid or has expired; sign in again.');
    }
    if (row.userDisabled) throw new ProblemError('unauthorized', 'The user of this token is disabled.');
    return { id: row.userId, username: row.username, role: row.role, apiKey: row.apiKeyName };
  }

  // ------------------------------------------------------------ users

  async hasUsers(): Promise<boolean> {
    return (await this.repo.countUsers()) > 0;
  }

  /** On a database with no users: creates `admin` and returns its generated password once. */
  async ensureFirstAdmin(): Promise<string | null> {
    if (await this.hasUsers()) return null;
    const password = generatePassword();
    await this.createUser({ username: 'admin', password, role: 'admin' });
    return password;
  }

  async createUser(input: { username: string; password: string; role?: Role | undefined }): Promise<User> {
    const errors = new FieldErrors();
    if (!USERNAME_PATTERN.test(input.username)) {
      errors.add('username', USERNAME_RULE);
    } else if (await this.repo.userByName(input.username)) {
      errors.add('username', `User name ${input.username} is taken`);
    }
    const weak = passwordProblem(input.password);
    if (weak) errors.add('password', weak);
    errors.throwIfAny();
    const hash = await hashPassword(input.password);
    const id = await this.repo.insertUser({
      username: input.username,
      passwordHash: hash,
      role: input.role ?? 'operator',
      createdOn: this.options.now(),
    });
    // Taken by a create that finished while this one hashed the password.
    if (id === null) throw conflict(`The user name ${input.username} was taken just now; choose another.`);
    return toUser((await this.repo.userById(id))!);
  }

  async user(id: number): Promise<User> {
    const row = await this.repo.userById(id);
    if (!row) throw notFound(`User ${id}`);
    return toUser(row);
  }

  async listUsers(): Promise<{ items: User[] }> {
    return { items: (await this.repo.users()).map(toUser) };
  }

  async updateUser(
    userId: number,
    changes: { disabled?: boolean | undefined; role?: Role | undefined; password?: string | undefined },
  ): Promise<User> {
    const user = await this.repo.userById(userId);
    if (!user) throw notFound(`User ${userId}`);
    const errors = new FieldErrors();
    if (changes.password !== undefined) {
      const weak = passwordProblem(changes.password);
      if (weak) errors.add('password', weak);
    }
    const losesAdmin =
      user.role === 'admin' && !user.disabled && (changes.disabled === true || changes.role === 'operator');
    if (losesAdmin && (await this.repo.countActiveAdmins()) <= 1) {
      errors.add(changes.disabled ? 'disabled' : 'role', 'The station needs at least one enabled administrator');
    }
    errors.throwIfAny();
    const updated: UserRecord = {
      ...user,
      role: changes.role ?? user.role,
      disabled: changes.disabled ?? user.disabled,
      passwordHash: changes.password === undefined ? user.passwordHash : await hashPassword(changes.password),
    };
    // A disabled user or a new password ends every open sign-in of that user.
    await this.repo.updateUser(updated, updated.disabled || changes.password !== undefined, this.options.now());
    return toUser(updated);
  }

  /**
   * An operator changes their own password: the current one proves it is them (wrong
   * guesses count towards the sign-in limit). Every sign-in of the user ends, this one too,
   * and a new sign-in is returned for the desk that asked, so only the others are signed out.
   */
  async changeOwnPassword(
    actor: AuthUser,
    currentPassword: string,
    newPassword: string,
    client: string,
  ): Promise<AuthResponse> {
    // Counted as the user's wrong passwords at this door, like a sign-in's.
    const limitKey = userLimitKey(actor.username, doorOf(client));
    const wait = await this.failuresByUser.retryAfter(limitKey);
    if (wait > 0) {
      throw new ProblemError(
        'rate-limited',
        `Too many wrong passwords; try again in ${wait} seconds, or ask an administrator to unlock the user.`,
        {},
        wait,
      );
    }
    const user = await this.repo.userById(actor.id);
    if (!user || user.disabled) throw new ProblemError('unauthorized', 'Your user is disabled; ask an administrator.');
    const errors = new FieldErrors();
    const currentIsRight = await verifyPassword(currentPassword, user.passwordHash);
    if (!currentIsRight) errors.add('currentPassword', 'is not your current password');
    const weak = passwordProblem(newPassword);
    if (weak) errors.add('newPassword', weak);
    else if (newPassword === currentPassword) errors.add('newPassword', 'must differ from the current password');
    if (!currentIsRight) await this.failuresByUser.record(limitKey);
    errors.throwIfAny();
    const updated: UserRecord = { ...user, passwordHash: await hashPassword(newPassword) };
    await this.repo.updateUser(updated, true, this.options.now());
    return this.issueTokens(user.id, 'password-change');
  }

  // ------------------------------------------------------------ API keys

  async createApiKey(
    name: string,
    username: string | undefined,
    actor: AuthUser,
  ): Promise<{ apiKey: ApiKey; key: string }> {
    const owner = username === undefined ? await this.repo.userById(actor.id) : await this.repo.userByName(username);
    if (!owner) throw validationError({ username: `${username} is not a user of this station` });
    const key = `ssk_${newToken()}`;
    const id = await this.repo.insertApiKey({
      userId: owner.id,
      name,
      prefix: key.slice(0, 8),
      hash: sha256(key),
      createdOn: this.options.now(),
    });
    const row = await this.repo.apiKeyById(id);
    return { apiKey: toApiKey(row!), key };
  }

  async listApiKeys(): Promise<{ items: ApiKey[] }> {
    return { items: (await this.repo.apiKeys()).map(toApiKey) };
  }

  async revokeApiKey(apiKeyId: number): Promise<{ success: boolean }> {
    if (!(await this.repo.revokeApiKey(apiKeyId, this.options.now()))) throw notFound(`API key ${apiKeyId}`);
    return { success: true };
  }
}
