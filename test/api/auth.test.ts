import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CREDENTIAL_FAILURES_RECORDED } from '../../main/core/auth';
import { LIMIT_HORIZON_MS } from '../../main/core/storage';
import { callOperation } from '../../main/ipc/call-operation';
import { ADMIN, OPERATOR, addUsers, signInOverIpc, startTestStation, type TestStation } from '../helpers/station';

let t: TestStation;
beforeAll(async () => {
  t = await startTestStation();
  await addUsers(t);
});
afterAll(() => t.close());

/** POSTs `payload` to `url` with `token`. */
const postAs = (token: string, url: string, payload: object) => t.request({ method: 'POST', url, token, payload });

const auth = (option: string | undefined, payload: unknown, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: option === undefined ? '/auth' : `/auth?option=${option}`,
    payload: payload as object,
    headers,
  });

describe('sign-in by credentials', () => {
  it('returns the seed shape: token, refreshToken, errorMessage null', async () => {
    const res = await auth('credentials', { credentials: ADMIN });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['errorMessage', 'refreshToken', 'token']);
    expect(body.errorMessage).toBeNull();
    expect(body.token.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.token.expires).toBe('2026-11-21T10:30:00.000Z'); // 60 minutes
    expect(body.refreshToken.expires).toBe('2026-12-21T09:30:00.000Z'); // 30 days
  });

  it('gives the same 400 for a wrong password, an unknown user and a disabled user', async () => {
    const wrong = await auth('credentials', { credentials: { username: 'admin', password: 'not the password' } });
    const unknown = await auth('credentials', { credentials: { username: 'nobody', password: 'whatever it is' } });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.headers['content-type']).toContain('application/problem+json');
    const strip = (b: Record<string, unknown>) => ({ ...b, instance: undefined });
    expect(strip(wrong.json())).toEqual(strip(unknown.json()));

    const admin = await t.signIn();
    const created = await postAs(admin, '/users', { username: 'dora', password: 'dora password 12' });
    expect(created.statusCode).toBe(200);
    const disable = await t.request({
      method: 'PATCH',
      url: `/users/${created.json().id}`,
      token: admin,
      payload: { disabled: true },
    });
    expect(disable.json().disabled).toBe(true);
    const disabled = await auth('credentials', { credentials: { username: 'dora', password: 'dora password 12' } });
    expect(disabled.statusCode).toBe(400);
    expect(strip(disabled.json())).toEqual(strip(wrong.json()));
  });

  it.each([
    [undefined, { credentials: ADMIN }, 'option'],
    ['password', { credentials: ADMIN }, 'option'],
    ['credentials', { apiKey: { apiKey: 'x' } }, 'credentials'],
    ['apikey', { credentials: ADMIN }, 'apiKey'],
    ['refresh', {}, 'refreshToken'],
    ['credentials', { credentials: { username: 'admin' } }, 'credentials.password'],
    ['credentials', { credentials: ADMIN, extra: 1 }, 'extra'],
    ['apikey', { apiKey: 'ssk_x' }, 'apiKey'],
  ])('option %s with %j → 400 naming %s', async (option, payload, member) => {
    const res = await auth(option, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty([member]);
    // A tool that logs only the detail still learns what to add.
    if (member === 'option') expect(res.json().detail).toMatch(/option/);
  });

  it('takes the option in any case, and a refused key or token names its field and what to do', async () => {
    const mixed = await auth('Credentials', { credentials: ADMIN });
    expect(mixed.statusCode).toBe(200);
    const key = await auth('apiKey', { apiKey: { apiKey: 'ssk_' + 'x'.repeat(43) } });
    expect(key.statusCode).toBe(400);
    expect(key.json().apiKey).toMatch(/not a key of this station.*ask an administrator/);
    const refresh = await auth('refresh', { refreshToken: 'not-a-token' });
    expect(refresh.json().refreshToken).toMatch(/sign in again/);
    const shape = await auth('apikey', { apiKey: 'ssk_x' });
    expect(shape.json().apiKey).toContain('{"apiKey": {"apiKey": "ssk_…"}}');
  });
});

describe('API keys', () => {
  it('are created by an admin, shown once, stored as a hash, and sign in', async () => {
    const admin = await t.signIn();
    const res = await postAs(admin, '/api-keys', { name: 'warehouse', username: OPERATOR.username });
    expect(res.statusCode).toBe(200);
    const { key, apiKey } = res.json();
    expect(key).toMatch(/^ssk_[A-Za-z0-9_-]{43}$/);
    expect(apiKey.prefix).toBe(key.slice(0, 8));
    const list = await t.request({ method: 'GET', url: '/api-keys', token: admin });
    expect(list.body).not.toContain(key);
    const rows = await t.sql<{ key_hash: Buffer; name: string; prefix: string }>(
      'SELECT key_hash, name, prefix FROM api_keys',
    );
    expect(rows.length).toBeGreaterThan(0);
    const stored = JSON.stringify(
      rows.map((r) => [r.key_hash.toString('hex'), r.key_hash.toString('latin1'), r.name, r.prefix]),
    );
    expect(stored).not.toContain(key.slice(8));
    expect(stored).not.toContain(Buffer.from(key).toString('hex'));

    const signIn = await auth('apikey', { apiKey: { apiKey: key } });
    expect(signIn.statusCode).toBe(200);
    const me = await t.request({ method: 'GET', url: '/me', token: signIn.json().token.accessToken });
    expect(me.json().user.username).toBe(OPERATOR.username);

    const revoke = await t.request({ method: 'DELETE', url: `/api-keys/${apiKey.id}`, token: admin });
    expect(revoke.json()).toEqual({ success: true });
    expect((await auth('apikey', { apiKey: { apiKey: key } })).statusCode).toBe(400);
  });

  it('revoked, ends every token signed in with it, through either door, refreshed ones too', async () => {
    const admin = await t.signIn();
    const created = await postAs(admin, '/api-keys', { name: 'scanner script', username: OPERATOR.username });
    const { key, apiKey } = created.json();
    const other = (
      await t.request({ method: 'POST', url: '/api-keys', token: admin, payload: { name: 'the other tool' } })
    ).json().key;

    const first = (await auth('apikey', { apiKey: { apiKey: key } })).json();
    const refreshed = await auth('refresh', { refreshToken: first.refreshToken.accessToken });
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json();
    const ipcSignIn = await signInOverIpc(t.station, { apiKey: { apiKey: key } });
    expect(ipcSignIn.ok).toBe(true);
    const ipc = (ipcSignIn as { value: { token: { accessToken: string } } }).value;
    const untouched = (await auth('apikey', { apiKey: { apiKey: other } })).json();
    const list = (token: string) => t.request({ method: 'GET', url: '/shipments', token });
    const ipcList = (token: string) =>
      callOperation(t.station, 'listShipments', { token, input: { query: {} } }, () => undefined);
    expect((await list(second.token.accessToken)).statusCode).toBe(200);
    expect((await ipcList(ipc.token.accessToken)).ok).toBe(true);

    expect((await t.request({ method: 'DELETE', url: `/api-keys/${apiKey.id}`, token: admin })).statusCode).toBe(200);

    for (const token of [first.token.accessToken, second.token.accessToken, ipc.token.accessToken]) {
      const refused = await list(token);
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer');
      const overIpc = await ipcList(token);
      expect(overIpc.ok).toBe(false);
      expect((overIpc as { problem: { status: number } }).problem.status).toBe(401);
    }
    expect((await auth('refresh', { refreshToken: second.refreshToken.accessToken })).statusCode).toBe(400);
    expect((await auth('apikey', { apiKey: { apiKey: key } })).statusCode).toBe(400);
    // Another key of the same user goes on working.
    expect((await list(untouched.token.accessToken)).statusCode).toBe(200);
    expect((await auth('refresh', { refreshToken: untouched.refreshToken.accessToken })).statusCode).toBe(200);
  });

  it('rejects unknown and malformed keys with 400', async () => {
    expect((await auth('apikey', { apiKey: { apiKey: `ssk_${'A'.repeat(43)}` } })).statusCode).toBe(400);
    expect((await auth('apikey', { apiKey: { apiKey: 'nonsense' } })).statusCode).toBe(400);
  });

  it('are managed by admins only: an operator gets 403', async () => {
    const operator = await t.signIn(OPERATOR);
    const res = await t.request({ method: 'GET', url: '/api-keys', token: operator });
    expect(res.statusCode).toBe(403);
    expect(res.json().type).toBe('/problems/forbidden');
    expect((await t.request({ method: 'GET', url: '/users', token: operator })).statusCode).toBe(403);
  });
});

describe('tokens', () => {
  it('are required: none, a wrong one and an expired one give 401 with WWW-Authenticate', async () => {
    const none = await t.request({ method: 'GET', url: '/shipments' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.json().type).toBe('/problems/unauthorized');
    expect((await t.request({ method: 'GET', url: '/shipments', token: 'x'.repeat(43) })).statusCode).toBe(401);

    const token = await t.signIn();
    expect((await t.request({ method: 'GET', url: '/shipments', token })).statusCode).toBe(200);
    t.clock.advance(61 * 60_000);
    try {
      expect((await t.request({ method: 'GET', url: '/shipments', token })).statusCode).toBe(401);
    } finally {
      t.clock.advance(-61 * 60_000);
    }
  });

  it('are stored only as hashes', async () => {
    const res = await auth('credentials', { credentials: ADMIN });
    const { token, refreshToken } = res.json();
    const hashes = (await t.sql<{ hash: Buffer }>('SELECT hash FROM tokens')).map((r) => r.hash.toString('hex'));
    expect(hashes.length).toBeGreaterThan(0);
    const dump = JSON.stringify(hashes);
    expect(dump).not.toContain(Buffer.from(token.accessToken).toString('hex'));
    expect(dump).not.toContain(Buffer.from(refreshToken.accessToken).toString('hex'));
    const users = JSON.stringify(await t.sql('SELECT password_hash FROM users'));
    expect(users).not.toContain(ADMIN.password);
    expect(users).toMatch(/scrypt\$14\$8\$5\$/); // OWASP: N=2^14, r=8, p=5 (16 MiB)
  });

  it('a hash made with older parameters still signs in, and is redone with the current ones', async () => {
    const user = { username: 'veteran', password: 'signed up years ago' };
    const salt = randomBytes(16);
    const key = scryptSync(user.password, salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
    const old = ['scrypt', 17, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    await t.station.store.auth.insertUser({
      username: user.username,
      passwordHash: old,
      role: 'operator',
      createdOn: 0,
    });
    const hashOf = async () =>
      (
        await t.sql<{ password_hash: string }>('SELECT password_hash FROM users WHERE username = ?', [user.username])
      )[0]!.password_hash;
    expect(await hashOf()).toBe(old);
    expect((await auth('credentials', { credentials: user })).statusCode).toBe(200);
    expect(await hashOf()).toMatch(/^scrypt\$14\$8\$5\$/);
    expect((await auth('credentials', { credentials: user })).statusCode).toBe(200);
  });

  it('refresh rotates the pair; reusing a refresh token revokes the whole sign-in', async () => {
    const first = (await auth('credentials', { credentials: ADMIN })).json();
    const second = await auth('refresh', { refreshToken: first.refreshToken.accessToken });
    expect(second.statusCode).toBe(200);
    const pair2 = second.json();
    expect(pair2.token.accessToken).not.toBe(first.token.accessToken);
    const third = (await auth('refresh', { refreshToken: pair2.refreshToken.accessToken })).json();
    const ok = await t.request({ method: 'GET', url: '/me', token: third.token.accessToken });
    expect(ok.statusCode).toBe(200);

    // The first refresh token again: a thief or a replay. Every descendant dies.
    const reuse = await auth('refresh', { refreshToken: first.refreshToken.accessToken });
    expect(reuse.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/me', token: third.token.accessToken })).statusCode).toBe(401);
    expect((await auth('refresh', { refreshToken: third.refreshToken.accessToken })).statusCode).toBe(400);
  });

  it('an access token is not a refresh token', async () => {
    const pair = (await auth('credentials', { credentials: ADMIN })).json();
    expect((await auth('refresh', { refreshToken: pair.token.accessToken })).statusCode).toBe(400);
  });
});

describe('sign-in rate limit', () => {
  it('after 10 failures for a user in 15 minutes → 429 with Retry-After, then the window passes', async () => {
    const local = await startTestStation();
    try {
      await local.station.auth.createUser({ username: 'victim', password: 'the right password' });
      const attempt = (password: string) =>
        local.request({
          method: 'POST',
          url: '/auth?option=credentials',
          payload: { credentials: { username: 'victim', password } },
        });
      for (let i = 0; i < 10; i++) expect((await attempt(`wrong ${i}`)).statusCode).toBe(400);
      const limited = await attempt('the right password');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().type).toBe('/problems/rate-limited');
      local.clock.advance(15 * 60_000 + 1000);
      expect((await attempt('the right password')).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('password spraying over HTTP', () => {
  it('30 wrong passwords across many user names → 429 with Retry-After for every password sign-in over HTTP; keys, refresh tokens and the window still sign in', async () => {
    const local = await startTestStation();
    try {
      await addUsers(local);
      const admin = await local.signIn();
      const tool = await local.request({ method: 'POST', url: '/api-keys', token: admin, payload: { name: 'tool' } });
      const refresh = (
        await local.request({ method: 'POST', url: '/auth?option=credentials', payload: { credentials: ADMIN } })
      ).json().refreshToken.accessToken as string;
      const password = (username: string, pw: string, remoteAddress = '127.0.0.1') =>
        local.request({
          method: 'POST',
          url: '/auth?option=credentials',
          payload: { credentials: { username, password: pw } },
          remoteAddress,
        });
      // 15 names, two tries each: every name stays far below its own limit of ten.
      for (let i = 0; i < 30; i++) {
        const res = await password(`user${i % 15}`, `Spring2026!${i}`, `127.0.0.${1 + (i % 5)}`);
        expect(res.statusCode).toBe(400);
      }
      const limited = await password(OPERATOR.username, OPERATOR.password, '127.0.0.9');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().detail).toMatch(/across user names/);
      const key = await local.request({
        method: 'POST',
        url: '/auth?option=apikey',
        payload: { apiKey: { apiKey: tool.json().key } },
      });
      expect(key.statusCode).toBe(200);
      expect(
        (await local.request({ method: 'POST', url: '/auth?option=refresh', payload: { refreshToken: refresh } }))
          .statusCode,
      ).toBe(200);
      const ipc = await signInOverIpc(local.station, { credentials: OPERATOR });
      expect(ipc.ok).toBe(true);
      local.clock.advance(15 * 60_000 + 1000);
      expect((await password(OPERATOR.username, OPERATOR.password)).statusCode).toBe(200);
    } finally {
      await local.close();
    }
    // Each wrong password costs a full scrypt, by design.
  }, 180_000);
});

describe('sign-in limits per user name and per credential', () => {
  let local: TestStation;
  let admin: string;
  let apiKey: string;
  beforeAll(async () => {
    local = await startTestStation();
    await addUsers(local);
    await local.station.auth.createUser({ username: 'victim', password: 'the right password' });
    admin = await local.signIn();
    apiKey = (await local.request({ method: 'POST', url: '/api-keys', token: admin, payload: { name: 'tool' } })).json()
      .key;
  });
  afterAll(() => local.close());
  const http = (option: string, payload: object, remoteAddress = '127.0.0.1') =>
    local.request({ method: 'POST', url: `/auth?option=${option}`, payload, remoteAddress });
  const password = (username: string, pw: string, remoteAddress?: string) =>
    http('credentials', { credentials: { username, password: pw } }, remoteAddress);
  const ipcPassword = (username: string, pw: string) =>
    signInOverIpc(local.station, { credentials: { username, password: pw } });
  const lockVictim = async () => {
    for (let i = 0; i < 10; i++)
      expect((await password('victim', `wrong ${i}`, `127.0.0.${1 + (i % 3)}`)).statusCode).toBe(400);
  };

  it('10 wrong passwords from any loopback address lock that user over HTTP (127.0.0.2 is no way around it), not other users', async () => {
    await lockVictim();
    expect((await password('victim', 'the right password', '127.0.0.2')).statusCode).toBe(429);
    expect((await password('victim', 'the right password', '::1')).statusCode).toBe(429);
    expect((await password(OPERATOR.username, OPERATOR.password)).statusCode).toBe(200);
  });

  it("a local tool's mistakes never lock the desk's own window out: the IPC door counts apart", async () => {
    const signedIn = await ipcPassword('victim', 'the right password');
    expect(signedIn.ok).toBe(true);
  });

  it('valid API keys and refresh tokens still sign in while people are locked out, and a bad key locks only itself', async () => {
    expect((await http('apikey', { apiKey: { apiKey } })).statusCode).toBe(200);
    const badKey = `ssk_${'A'.repeat(43)}`;
    for (let i = 0; i < 10; i++) expect((await http('apikey', { apiKey: { apiKey: badKey } })).statusCode).toBe(400);
    expect((await http('apikey', { apiKey: { apiKey: badKey } })).statusCode).toBe(429);
    expect((await http('apikey', { apiKey: { apiKey } })).statusCode).toBe(200);
    // A broken tool's keys never lock out people either.
    expect((await password(OPERATOR.username, OPERATOR.password)).statusCode).toBe(200);
    const pair = (await password(ADMIN.username, ADMIN.password)).json();
    for (let i = 0; i < 10; i++)
      expect((await http('refresh', { refreshToken: `not-a-token-${i}` })).statusCode).toBe(400);
    expect((await http('refresh', { refreshToken: pair.refreshToken.accessToken })).statusCode).toBe(200);
  });

  it('an administrator unlocks a user: POST /users/{id}/unlock; an operator may not', async () => {
    const users = (await local.request({ method: 'GET', url: '/users', token: admin })).json().items as {
      id: number;
      username: string;
    }[];
    const victim = users.find((u) => u.username === 'victim')!;
    expect((await password('victim', 'the right password')).statusCode).toBe(429);
    const operator = await local.signIn(OPERATOR);
    expect(
      (await local.request({ method: 'POST', url: `/users/${victim.id}/unlock`, token: operator })).statusCode,
    ).toBe(403);
    expect((await local.request({ method: 'POST', url: '/users/999999/unlock', token: admin })).statusCode).toBe(404);
    const unlocked = await local.request({ method: 'POST', url: `/users/${victim.id}/unlock`, token: admin });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().username).toBe('victim');
    expect((await password('victim', 'the right password')).statusCode).toBe(200);
  });

  it('the limits live in the store: a second station on the same database sees the lock and lifts it', async () => {
    await lockVictim();
    const { openStation } = await import('../../main/open-station');
    const other = await openStation({
      dataDir: local.dataDir,
      databaseUrl: local.databaseUrl,
      labelPool: false,
      now: () => local.clock.now,
    });
    try {
      await expect(
        other.auth.signIn(
          'credentials',
          { credentials: { username: 'victim', password: 'the right password' } },
          '127.0.0.1',
        ),
      ).rejects.toMatchObject({ status: 429 });
      const victim = (await other.auth.listUsers()).items.find((u) => u.username === 'victim')!;
      await other.auth.unlockUser(victim.id);
    } finally {
      await other.close();
    }
    expect((await password('victim', 'the right password')).statusCode).toBe(200);
  });

  it("guessed API keys and refresh tokens do not grow the limits table: a door's are capped, every key's old hits pruned", async () => {
    const hits = async () => Number((await local.sql<{ n: number }>('SELECT count(*) AS n FROM limit_hits'))[0]!.n);
    local.clock.advance(16 * 60_000);
    const before = await hits();
    for (let i = 0; i < 100; i++) {
      const guess = `ssk_${randomBytes(32).toString('base64url')}`;
      const answer =
        i % 2 ? await http('apikey', { apiKey: { apiKey: guess } }) : await http('refresh', { refreshToken: guess });
      expect(answer.statusCode).toBe(400);
    }
    expect((await hits()) - before).toBeLessThanOrEqual(2 * CREDENTIAL_FAILURES_RECORDED.failures);
    expect((await http('apikey', { apiKey: { apiKey } })).statusCode).toBe(200);
    // Past the horizon the next hit takes every older one with it, whatever its key.
    local.clock.advance(LIMIT_HORIZON_MS + 1);
    expect((await http('apikey', { apiKey: { apiKey: `ssk_${'B'.repeat(43)}` } })).statusCode).toBe(400);
    expect(await hits()).toBe(2);
  });
});

describe('token housekeeping', () => {
  it('a sign-in deletes tokens a day past expiry, and the sign-ins left without tokens', async () => {
    const local = await startTestStation();
    try {
      await addUsers(local);
      const rows = async () =>
        (
          await local.sql<{ signins: number; tokens: number }>(
            'SELECT (SELECT count(*) FROM sign_ins) AS signins, (SELECT count(*) FROM tokens) AS tokens',
          )
        )[0];
      await local.signIn();
      await local.signIn();
      expect(await rows()).toEqual({ signins: 2, tokens: 4 });
      // Past the refresh tokens' 30 days and the day of grace: both sign-ins are spent.
      local.clock.advance(31 * 86_400_000 + 1000);
      const fresh = await local.signIn();
      expect(await rows()).toEqual({ signins: 1, tokens: 2 });
      expect((await local.request({ method: 'GET', url: '/me', token: fresh })).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('a sign-in refreshed within its life keeps its row while it has live tokens', async () => {
    const local = await startTestStation();
    try {
      await addUsers(local);
      const first = (
        await local.request({ method: 'POST', url: '/auth?option=credentials', payload: { credentials: ADMIN } })
      ).json();
      local.clock.advance(20 * 86_400_000);
      const refreshed = await local.request({
        method: 'POST',
        url: '/auth?option=refresh',
        payload: { refreshToken: first.refreshToken.accessToken },
      });
      expect(refreshed.statusCode).toBe(200);
      local.clock.advance(12 * 86_400_000); // the first pair is gone, the refreshed one lives
      await local.signIn();
      const [{ n }] = (await local.sql<{ n: number }>('SELECT count(*) AS n FROM sign_ins')) as [{ n: number }];
      expect(n).toBe(2);
      const again = await local.request({
        method: 'POST',
        url: '/auth?option=refresh',
        payload: { refreshToken: refreshed.json().refreshToken.accessToken },
      });
      expect(again.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('users', () => {
  it('admins add users with a strong enough password and unique name', async () => {
    const admin = await t.signIn();
    const weak = await postAs(admin, '/users', { username: 'eve', password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().password).toMatch(/at least 10/);
    const taken = await postAs(admin, '/users', { username: 'ADMIN', password: 'long enough pass' });
    expect(taken.json().username).toMatch(/taken/);
  });

  it('two adds of one name at the same moment make one user; the other is a 409', async () => {
    const admin = await t.signIn();
    const add = (username: string) => postAs(admin, '/users', { username, password: 'long enough pass' });
    // Both pass the name check, then hash the password; the second insert meets the first.
    const answers = await Promise.all([add('frank'), add('FRANK')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const conflict = answers.find((r) => r.statusCode === 409)!;
    expect(conflict.json()).toMatchObject({
      type: '/problems/conflict',
      detail: expect.stringMatching(/taken just now/),
    });
    const users = (await t.request({ method: 'GET', url: '/users', token: admin })).json().items as {
      username: string;
    }[];
    expect(users.filter((u) => u.username.toLowerCase() === 'frank')).toHaveLength(1);
  });

  it.each([
    ['disabling the user', { disabled: true }],
    ['an administrator setting a new password', { password: 'set by the admin 1' }],
  ])('%s ends every sign-in of theirs at once, through either door, refresh tokens too', async (_what, change) => {
    const admin = await t.signIn();
    const name = `gina${Object.keys(change)[0]}`;
    const gina = { username: name, password: 'gina password 12' };
    const created = await postAs(admin, '/users', gina);
    expect(created.statusCode).toBe(200);
    const overHttp = (await auth('credentials', { credentials: gina })).json();
    const overIpc = await signInOverIpc(t.station, { credentials: gina });
    expect(overIpc.ok).toBe(true);
    const ipc = (overIpc as { value: { token: { accessToken: string }; refreshToken: { accessToken: string } } }).value;
    const list = (token: string) => t.request({ method: 'GET', url: '/shipments', token });
    const ipcList = (token: string) =>
      callOperation(t.station, 'listShipments', { token, input: { query: {} } }, () => undefined);
    expect((await list(overHttp.token.accessToken)).statusCode).toBe(200);
    expect((await ipcList(ipc.token.accessToken)).ok).toBe(true);

    const patched = await t.request({
      method: 'PATCH',
      url: `/users/${created.json().id}`,
      token: admin,
      payload: change,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    for (const signedIn of [overHttp, ipc]) {
      expect((await list(signedIn.token.accessToken)).statusCode).toBe(401);
      const refused = await ipcList(signedIn.token.accessToken);
      expect((refused as { problem?: { status: number } }).problem?.status).toBe(401);
      expect((await auth('refresh', { refreshToken: signedIn.refreshToken.accessToken })).statusCode).toBe(400);
    }
    // The administrator who made the change goes on.
    expect((await list(admin)).statusCode).toBe(200);
  });

  it('the last enabled admin cannot be disabled', async () => {
    const admin = await t.signIn();
    const me = (await t.request({ method: 'GET', url: '/me', token: admin })).json().user;
    const res = await t.request({ method: 'PATCH', url: `/users/${me.id}`, token: admin, payload: { disabled: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().disabled).toMatch(/at least one enabled administrator/);
  });
});

describe('changing one’s own password', () => {
  // Earlier cases left failed sign-ins from this client: let their window pass first.
  beforeEach(() => t.clock.advance(16 * 60_000));
  const PAULA = { username: 'paula', password: 'paula password 1' };
  const changePassword = (token: string | undefined, payload: object) =>
    t.request({ method: 'POST', url: '/me/password', ...(token ? { token } : {}), payload });

  it('an operator changes their own password: this desk goes on, their other sign-ins end', async () => {
    const admin = await t.signIn();
    expect((await postAs(admin, '/users', PAULA)).statusCode).toBe(200);
    const here = (await auth('credentials', { credentials: PAULA })).json();
    const elsewhere = (await auth('credentials', { credentials: PAULA })).json();

    // Every mistake at once: the current password wrong and the new one too short.
    const refused = await changePassword(here.token.accessToken, {
      currentPassword: 'not it at all',
      newPassword: 'short',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      currentPassword: 'is not your current password',
      newPassword: expect.stringMatching(/at least 10/),
    });
    const same = await changePassword(here.token.accessToken, {
      currentPassword: PAULA.password,
      newPassword: PAULA.password,
    });
    expect(same.json().newPassword).toMatch(/differ/);

    const changed = await changePassword(here.token.accessToken, {
      currentPassword: PAULA.password,
      newPassword: 'a brand new passphrase',
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json();
    expect(Object.keys(fresh).sort()).toEqual(['errorMessage', 'refreshToken', 'token']);
    const me = await t.request({ method: 'GET', url: '/me', token: fresh.token.accessToken });
    expect(me.json().user.username).toBe('paula');
    // The old tokens of both desks are dead, the refresh tokens too.
    for (const old of [here, elsewhere]) {
      expect((await t.request({ method: 'GET', url: '/me', token: old.token.accessToken })).statusCode).toBe(401);
      expect((await auth('refresh', { refreshToken: old.refreshToken.accessToken })).statusCode).toBe(400);
    }
    expect((await auth('refresh', { refreshToken: fresh.refreshToken.accessToken })).statusCode).toBe(200);
    expect((await auth('credentials', { credentials: PAULA })).statusCode).toBe(400);
    expect(
      (await auth('credentials', { credentials: { username: 'paula', password: 'a brand new passphrase' } }))
        .statusCode,
    ).toBe(200);
  });

  it('needs a sign-in, and counts wrong current passwords towards the sign-in limit', async () => {
    expect(
      (await changePassword(undefined, { currentPassword: 'x', newPassword: 'long enough pass' })).statusCode,
    ).toBe(401);
    const admin = await t.signIn();
    const QUINN = { username: 'quinn', password: 'quinn password 1' };
    expect((await postAs(admin, '/users', QUINN)).statusCode).toBe(200);
    const token = await t.signIn(QUINN);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push(
        (await changePassword(token, { currentPassword: `guess number ${i}`, newPassword: 'long enough pass' }))
          .statusCode,
      );
    }
    expect(codes).toEqual([...Array<number>(10).fill(400), 429]);
    // The password did not change along the way.
    expect((await auth('credentials', { credentials: QUINN })).statusCode).toBe(429);
  });
});
