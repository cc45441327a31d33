/**
 * `npm run serve` as a real process on a free loopback port, for tests that need a station
 * the way a local tool meets it: its document, its examples, a generated client.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const SERVE = join(process.cwd(), 'out', 'main', 'serve.js');

export interface ServedStation {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** The first admin's generated password (only on a new database). */
  adminPassword: string | undefined;
  output(): string;
  stop(): Promise<void>;
  /** kill -9, as a power cut or a crash would: resolves once the process is gone. */
  kill(): Promise<void>;
}

export async function serveStation(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  port?: number;
  /** false: the server's own log (warnings and errors) goes to output() too. */
  quiet?: boolean;
}): Promise<ServedStation> {
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [
      SERVE,
      '--port',
      String(options.port ?? 0),
      '--data-dir',
      options.dataDir,
      ...(options.quiet === false ? [] : ['--quiet']),
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...(options.databaseUrl ? { SHIPPING_STATION_DATABASE_URL: options.databaseUrl } : {}) },
    },
  );
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`serve exited ${code}:\n${output}`)));
  });
  return {
    base,
    adminPassword: /created user "admin" with password (\S+)/.exec(output)?.[1],
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Signs in as the first admin and creates an API key for a tool: the key. */
export async function createApiKey(station: ServedStation, name = 'test tool'): Promise<string> {
  const json = (res: Response) =>
    res.ok ? res.json() : res.text().then((t) => Promise.reject(new Error(`${res.status} ${t}`)));
  const auth = await json(
    await fetch(`${station.base}/auth?option=credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ credentials: { username: 'admin', password: station.adminPassword } }),
    }),
  );
  const created = await json(
    await fetch(`${station.base}/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${auth.token.accessToken}` },
      body: JSON.stringify({ name }),
    }),
  );
  return created.key as string;
}

/** Signs in with API key `key` (POST /auth?option=apikey): the access token. */
export async function apiKeyToken(station: ServedStation, key: string): Promise<string> {
  const res = await fetch(`${station.base}/auth?option=apikey`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiKey: { apiKey: key } }),
  });
  if (!res.ok) throw new Error(`signing in with the API key: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: { accessToken: string } }).token.accessToken;
}
