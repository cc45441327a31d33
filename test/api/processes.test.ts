/**
 * `npm run serve` and `npm run cli` as real processes, over a real loopback port: the built
 * entries the scripts run (test/global-setup.ts makes sure the build is current). In the
 * postgres project both are pointed at a new PostgreSQL database: serve by
 * SHIPPING_STATION_DATABASE_URL, the CLI by --database.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../helpers/postgres';
import { serveStation } from '../helpers/serve';
import { testStore } from '../helpers/station';

const run = promisify(execFile);
const SERVE = join(process.cwd(), 'out', 'main', 'serve.js');
const CLI = join(process.cwd(), 'out', 'main', 'cli.js');
const dataDir = mkdtempSync(join(tmpdir(), 'ss-proc-'));
const databaseUrl = testStore() === 'postgres' ? await createDatabase(inject('postgresUrl')) : undefined;
/** The CLI's way to the same store as the server's. */
const storeArgs = databaseUrl ? ['--database', databaseUrl] : ['--data-dir', dataDir];
const server = await serveStation({ dataDir, databaseUrl });
const { base } = server;
const output = () => server.output();
afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const signIn = (query: string, body: object) =>
  fetch(`${base}/auth?option=${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('npm run serve', () => {
  it('creates the first admin, prints its password once, and listens on loopback', async () => {
    const password = /created user "admin" with password (\S+)/.exec(output())?.[1];
    expect(password).toBeDefined();
    const res = await signIn('credentials', { credentials: { username: 'admin', password } });
    expect(res.status).toBe(200);
    const health = await (await fetch(`${base}/health`)).json();
    expect(health.status).toBe('ok');
    // Where the data is, and never the database's password.
    expect(output()).toMatch(
      databaseUrl ? /data in postgres:\/\/postgres:\*\*\*@127\.0\.0\.1/ : /data in .*shipping-station\.db/,
    );
    if (databaseUrl) expect(output()).not.toContain(new URL(databaseUrl).password);
  });
});

describe('npm run serve on a port that is taken', () => {
  it('says so in one line naming the port and --port, and creates nothing on disk', async () => {
    // Another program holds a loopback port.
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen({ port: 0, host: '127.0.0.1' }, resolve));
    const port = (holder.address() as AddressInfo).port;
    const freshDir = join(dataDir, 'not-yet-created');
    try {
      const outcome = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [SERVE, '--port', String(port), '--data-dir', freshDir], {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, ...(databaseUrl ? { SHIPPING_STATION_DATABASE_URL: databaseUrl } : {}) },
        });
        let stdout = '';
        let stderr = '';
        child.stdout!.on('data', (c: Buffer) => (stdout += c));
        child.stderr!.on('data', (c: Buffer) => (stderr += c));
        child.on('exit', (code) => resolve({ code, stdout, stderr }));
      });
      expect(outcome.code).toBe(1);
      expect(outcome.stdout).toBe('');
      const lines = outcome.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Port ${port} is already in use .*--port`));
      expect(outcome.stderr).not.toMatch(/EADDRINUSE|\bat \w|Error:/);
      expect(existsSync(freshDir)).toBe(false);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});

describe('npm run cli', () => {
  it('adds a user from a password on stdin and creates an API key that signs in', async () => {
    const cli = (args: string[], input?: string) =>
      new Promise<{ stdout: string; code: number | null }>((resolve) => {
        const child = spawn(process.execPath, [CLI, ...storeArgs, ...args]);
        let stdout = '';
        child.stdout.on('data', (c: Buffer) => (stdout += c));
        child.on('exit', (code) => resolve({ stdout, code }));
        child.stdin.end(input ?? '');
      });
    const added = await cli(['user', 'add', 'wms', '--password-stdin'], 'warehouse system pw\n');
    expect(added.code).toBe(0);
    const key = await cli(['apikey', 'create', '--user', 'wms']);
    expect(key.code).toBe(0);
    expect(key.stdout.trim()).toMatch(/^ssk_[A-Za-z0-9_-]{43}$/);
    const byKey = await signIn('apikey', { apiKey: { apiKey: key.stdout.trim() } });
    expect(byKey.status).toBe(200);
    const byPassword = await signIn('credentials', {
      credentials: { username: 'wms', password: 'warehouse system pw' },
    });
    expect(byPassword.status).toBe(200);
    await expect(run(process.execPath, [CLI, ...storeArgs, 'user', 'add', 'x'])).rejects.toThrow();

    // unlock-user lifts a lock the running station counted (the limits live in the store).
    for (let i = 0; i < 10; i++)
      expect((await signIn('credentials', { credentials: { username: 'wms', password: `wrong ${i}` } })).status).toBe(
        400,
      );
    expect(
      (await signIn('credentials', { credentials: { username: 'wms', password: 'warehouse system pw' } })).status,
    ).toBe(429);
    const unlocked = await run(process.execPath, [CLI, ...storeArgs, 'unlock-user', 'wms']);
    expect(unlocked.stderr).toContain('unlocked sign-in for wms');
    expect(
      (await signIn('credentials', { credentials: { username: 'wms', password: 'warehouse system pw' } })).status,
    ).toBe(200);
  });

  it('prints its usage: on stdout for --help, on stderr with exit 2 without a command', async () => {
    expect((await run(process.execPath, [CLI, '--help'])).stdout).toMatch(/^usage: npm run cli/);
    const bare: { code?: number; stderr: string; stdout: string } = await run(process.execPath, [CLI]).catch(
      (e: { code: number; stderr: string; stdout: string }) => e,
    );
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/^usage: npm run cli/);
    expect(bare.stdout).toBe('');
  });

  it('refuses a data folder with no station in it, naming the folder and the flag, and creates nothing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'ss-empty-'));
    try {
      const failed: { code?: number; stderr: string } = await run(process.execPath, [
        CLI,
        '--data-dir',
        empty,
        'apikey',
        'create',
        '--user',
        'admin',
      ]).catch((e: { code: number; stderr: string }) => e);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain(`No station data in ${empty}`);
      expect(failed.stderr).toContain('--data-dir');
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
