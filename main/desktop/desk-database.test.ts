import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ProblemError } from '../core/errors';
import { connectionProblem } from '../stores/postgres';
import { chooseDatabase, deskDatabase, type Cipher } from './desk-database';

const dir = mkdtempSync(join(tmpdir(), 'ss-desk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Stands in for safeStorage: reversible, and never the plain text. */
const cipher = (available = true): Cipher => ({
  isEncryptionAvailable: () => available,
  encryptString: (plain) => Buffer.from([...Buffer.from(plain)].map((b) => b ^ 0x5a)),
  decryptString: (encrypted) => Buffer.from([...encrypted].map((b) => b ^ 0x5a)).toString(),
});
const context = { sqliteFile: '/data/shipping-station.db', fromEnvironment: false, check: async () => null };
const URL_WITH_PASSWORD = 'postgres://desk:s3cret-Pa55@db.warehouse.lan:5432/shipping';

describe("the desk's database choice", () => {
  it('keeps a PostgreSQL address encrypted, readable only by this desk, and shows it without its password', async () => {
    const file = join(dir, 'desk.json');
    const desk = deskDatabase(file, cipher());
    expect(desk.url()).toBeUndefined();
    const choice = await chooseDatabase(desk, URL_WITH_PASSWORD, context);
    expect(choice).toEqual({
      kind: 'postgres',
      location: 'postgres://desk:***@db.warehouse.lan:5432/shipping',
      fromEnvironment: false,
    });
    expect(readFileSync(file, 'utf8')).not.toContain('s3cret');
    expect(readFileSync(file, 'utf8')).not.toContain('db.warehouse.lan');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(deskDatabase(file, cipher()).url()).toBe(URL_WITH_PASSWORD);
    expect(await chooseDatabase(desk, null, context)).toEqual({
      kind: 'sqlite',
      location: context.sqliteFile,
      fromEnvironment: false,
    });
    expect(desk.url()).toBeUndefined();
  });

  it('refuses what is not a PostgreSQL address, or does not connect, naming the field and keeping the old choice', async () => {
    const file = join(dir, 'desk-refused.json');
    const desk = deskDatabase(file, cipher());
    await chooseDatabase(desk, URL_WITH_PASSWORD, context);
    for (const given of ['mysql://x@y/z', 'db.warehouse.lan', 42]) {
      await expect(chooseDatabase(desk, given, context)).rejects.toMatchObject({
        kind: 'validation',
        members: { url: expect.any(String) },
      });
    }
    const unreachable = chooseDatabase(desk, 'postgres://a:b@127.0.0.1:1/x', {
      ...context,
      check: async () => 'could not connect: refused',
    });
    await expect(unreachable).rejects.toMatchObject({ members: { url: 'could not connect: refused' } });
    expect(desk.url()).toBe(URL_WITH_PASSWORD);
  });

  it('will not keep a password where the system cannot encrypt it', async () => {
    const desk = deskDatabase(join(dir, 'desk-plain.json'), cipher(false));
    const refused = chooseDatabase(desk, URL_WITH_PASSWORD, context);
    await expect(refused).rejects.toBeInstanceOf(ProblemError);
    await expect(refused).rejects.toMatchObject({
      members: { url: expect.stringMatching(/SHIPPING_STATION_DATABASE_URL/) },
    });
    expect(desk.url()).toBeUndefined();
  });

  it('checks an address by connecting to the real server, and never repeats its password', async () => {
    const good = new URL(inject('postgresUrl'));
    expect(await connectionProblem(good.toString())).toBeNull();
    const wrong = new URL(good);
    wrong.password = 'not-the-password-7741';
    const problem = await connectionProblem(wrong.toString());
    expect(problem).toMatch(/could not connect to postgres:\/\/postgres:\*\*\*@127\.0\.0\.1/);
    expect(problem).not.toContain('not-the-password-7741');
  });
});
