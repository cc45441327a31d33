/**
 * What the bench's figures share: the service started exactly as `npm run serve` starts it,
 * one timed request at a time, the demo data, and the list shapes it times.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
/** Data dirs of this run, apart from any other run's. */
export const WORK = mkdtempSync(join(tmpdir(), 'ss-bench-'));

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : 0;
};
export const r2 = (x: number) => Math.round(x * 100) / 100;

/**
 * The node arguments of `npm run serve` (its last command, `node [flags]
 * scripts/ensure-build.mjs out/main/serve.js`: the build check, then the service in the same
 * process), so the bench measures the service exactly as it is started.
 */
export const SERVE_ARGS: string[] = (() => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { serve: string } };
  const args = pkg.scripts.serve.split('&&').at(-1)!.trim().split(/\s+/);
  if (args.shift() !== 'node' || args.at(-1) !== 'out/main/serve.js')
    throw new Error(`unexpected serve script: ${pkg.scripts.serve}`);
  return args;
})();

/** The node flags alone of `npm run serve`, for other processes the bench starts beside it. */
export const NODE_FLAGS: string[] = SERVE_ARGS.filter((a) => a.startsWith('-'));

export interface Service {
  child: ChildProcess;
  url: string;
  token: string;
  /** The admin's password. */
  password: string;
  startMs: number;
  lines: string[];
  waitLine(prefix: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * `args`: more serve flags (`--database …`); `password` (and `username`, if not the admin):
 * an administrator's, for a service on a database whose first start another service made.
 */
export async function startService(
  dataDir: string,
  env: Record<string, string> = {},
  options: { args?: string[]; password?: string; username?: string } = {},
): Promise<Service> {
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    [...SERVE_ARGS, '--port', '0', '--data-dir', dataDir, '--quiet', ...(options.args ?? [])],
    {
      cwd: ROOT,
      env: { ...process.env, SHIPPING_STATION_REPORT_LOOP_DELAY: '1', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines: string[] = [];
  const waiters: { prefix: string; resolve: (line: string) => void }[] = [];
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let i;
    while ((i = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, i);
      buffered = buffered.slice(i + 1);
      lines.push(line);
      for (const w of waiters.splice(0)) {
        if (line.startsWith(w.prefix)) w.resolve(line);
        else waiters.push(w);
      }
    }
  });
  const waitLine = (prefix: string) =>
    new Promise<string>((res, rej) => {
      const found = lines.find((l) => l.startsWith(prefix));
      if (found) return res(found);
      waiters.push({ prefix, resolve: res });
      child.once('exit', (code) => rej(new Error(`service exited (${code}) before "${prefix}"`)));
    });
  const listening = await waitLine('listening on ');
  const startMs = performance.now() - t0;
  const url = listening.slice('listening on '.length).trim();
  const password = /password (\S+)/.exec(lines.find((l) => l.startsWith('First start')) ?? '')?.[1] ?? options.password;
  if (!password) throw new Error('the service did not create the first admin (data dir not fresh?)');
  const res = await fetch(`${url}/auth?option=credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ credentials: { username: options.username ?? 'admin', password } }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { token: { accessToken: string } }).token.accessToken;
  return {
    child,
    url,
    token,
    password,
    startMs,
    lines,
    waitLine,
    stop: () =>
      new Promise<void>((res) => {
        child.once('exit', () => res());
        child.kill('SIGTERM');
      }),
  };
}

export const peakRssMb = (pid: number) => {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : 0;
};

export async function loopDelay(s: Service): Promise<{ p50: number; p99: number; max: number }> {
  const before = s.lines.length;
  s.child.kill('SIGUSR2');
  for (;;) {
    const line = s.lines.slice(before).find((l) => l.startsWith('loop-delay '));
    if (line) return JSON.parse(line.slice('loop-delay '.length)) as { p50: number; p99: number; max: number };
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * One timed request (lists, labels): node:http with keep-alive, lighter than fetch (0.45
 * against 1.06 ms of CPU a request), since the client shares the cores with the service.
 */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export function timed(
  s: Service,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ ms: number; status: number; json: unknown }> {
  const t = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const url = new URL(path, s.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        agent,
        method,
        headers: {
          authorization: `Bearer ${s.token}`,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            const json: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            resolve({ ms: performance.now() - t, status: res.statusCode ?? 0, json });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export const DAY = 86_400_000;
export interface ListCase {
  name: string;
  query: string;
  /** The same shipments, found the slow way without the search index (SQLite's SQL). */
  sql: string;
  params: (string | number)[];
  /** Counts this case's exact answer instead of its side's count (a PostgreSQL desk's search, on its SQLite source). */
  count?: ExactCount;
}
export function listCases(now: number, shipments: number): ListCase[] {
  const since = (days: number) => now - days * DAY;
  const iso = (ms: number) => new Date(ms).toISOString();
  return [
    { name: 'no filter', query: '', sql: '', params: [] },
    // Every filter fills page 1 at 10,000 as at 1,000,000 (Printed has only ~16 shipments at
    // 10,000), so the two sizes compare the same work. Page 2000 cannot: 10,000 shipments
    // make 100 pages, so there it is an empty page past the end.
    { name: 'one status', query: 'Status=Cancelled', sql: 'WHERE status = ?', params: ['Cancelled'] },
    {
      name: 'three statuses',
      query: 'Status=Cancelled&Status=On%20Hold&Status=Returned%20to%20Sender',
      sql: 'WHERE status IN (?, ?, ?)',
      params: ['Cancelled', 'On Hold', 'Returned to Sender'],
    },
    {
      name: '7-day range',
      query: `DateFrom=${iso(since(7))}&DateTo=${iso(now)}`,
      sql: 'WHERE created_on BETWEEN ? AND ?',
      params: [since(7), now],
    },
    {
      name: 'status + 30 days',
      query: `Status=Delivered%20to%20Receiver&DateFrom=${iso(since(30))}`,
      sql: 'WHERE status = ? AND created_on >= ?',
      params: ['Delivered to Receiver', since(30)],
    },
    { name: 'page 2000', query: 'Page=2000', sql: '', params: [] },
    // The work page 2000 is at 1,000,000 (a full page deep in the order), at either size:
    // the last full page, page 100 at 10,000.
    {
      name: 'deepest full page',
      query: `Page=${Math.max(1, Math.min(2000, Math.floor(shipments / 100)))}`,
      sql: '',
      params: [],
    },
  ];
}

/** The exact totals of a list shape, counted the slow way (`?` placeholders). */
export type ExactCount = (sql: string, params: (string | number)[]) => Promise<{ items: number; pieces: number }>;

export type ListFigure = { p50: number; p95: number; exact: boolean };

/**
 * The list figures of both sizes, one request to each in turn: a burst of noise from the
 * other tenants of this machine then falls on both sizes alike. Measured one size after
 * the other, such bursts had moved a p95 ratio from 1.2 to 2.6 between runs.
 */
export async function listFigures(
  sizes: {
    service: Service;
    shipments: number;
    count: ExactCount;
    close?: () => unknown;
    more?: ListCase[];
    onlyMore?: boolean;
  }[],
  requests: number,
): Promise<Record<string, ListFigure>[]> {
  const now = Date.now();
  const sides = sizes.map(({ service, shipments, count, close, more, onlyMore }) => ({
    service,
    count,
    close,
    cases: [...(onlyMore ? [] : listCases(now, shipments)), ...(more ?? [])],
    out: {} as Record<string, ListFigure>,
  }));
  try {
    for (let k = 0; k < sides[0]!.cases.length; k++) {
      const times = sides.map(() => [] as number[]);
      const bodies = sides.map(() => undefined as { totalItems: number; totalPieces: number } | undefined);
      for (let i = 0; i < requests + 2; i++) {
        for (const [j, side] of sides.entries()) {
          const c = side.cases[k]!;
          const r = await timed(side.service, 'GET', `/shipments${c.query ? `?${c.query}` : ''}`);
          if (r.status !== 200) throw new Error(`list ${c.name}: ${r.status} ${JSON.stringify(r.json)}`);
          if (i >= 2) times[j]!.push(r.ms); // two warm-up requests prepare the statements
          bodies[j] = r.json as (typeof bodies)[number];
        }
      }
      for (const [j, side] of sides.entries()) {
        const c = side.cases[k]!;
        // The exact answer, counted the slow way on a separate connection.
        const want = await (c.count ?? side.count)(
          `SELECT count(*) AS items, coalesce(sum(piece_count), 0) AS pieces FROM shipments ${c.sql}`,
          c.params,
        );
        const body = bodies[j]!;
        side.out[c.name] = {
          p50: r2(pct(times[j]!, 50)),
          p95: r2(pct(times[j]!, 95)),
          exact: body.totalItems === want.items && body.totalPieces === want.pieces,
        };
      }
    }
  } finally {
    for (const side of sides) await side.close?.();
  }
  return sides.map((side) => side.out);
}

/**
 * Search shapes (docs/contract.md §12), one per kind of match, with the values of a shipment in the
 * middle of the data: its number, a tracking number, a reference prefix, its delivery
 * person's full name, the start of it, its post code and email. The demo data reuses a pool
 * of a few thousand addresses, so a name or email finds hundreds to thousands of shipments.
 * `name, one common word` (a surname shared by 4 % of all shipments) is the worst case.
 */
export function searchCases(sample: {
  shipmentNumber: string;
  trackingNumber: string;
  reference: string;
  fullName: string;
  postcodeKey: string;
  email: string;
}): ListCase[] {
  const q = (text: string) => `Search=${encodeURIComponent(text)}`;
  const spaced = sample.trackingNumber.replace(/^(..)(....)(....)/, '$1 $2 $3 ').toLowerCase();
  const lastName = sample.fullName.split(' ').at(-1)!;
  return [
    {
      name: 'search: shipment number',
      query: q(sample.shipmentNumber),
      sql: 'WHERE shipment_number = ?',
      params: [sample.shipmentNumber],
    },
    {
      name: 'search: tracking number, spaced',
      query: q(spaced),
      sql: 'WHERE id IN (SELECT shipment_id FROM pieces WHERE tracking_number = ?)',
      params: [sample.trackingNumber],
    },
    {
      name: 'search: reference prefix',
      query: q(sample.reference.slice(0, 7).toLowerCase()),
      sql: 'WHERE lower(reference_one) LIKE ?',
      params: [`${sample.reference.slice(0, 7).toLowerCase()}%`],
    },
    {
      name: 'search: full name',
      query: q(sample.fullName),
      sql: "WHERE json_extract(delivery_address, '$[1]') = ?",
      params: [sample.fullName],
    },
    {
      name: 'search: post code',
      query: q(sample.postcodeKey.toLowerCase()),
      sql: 'WHERE delivery_postcode_key = ?',
      params: [sample.postcodeKey],
    },
    {
      name: 'search: email',
      query: q(sample.email),
      sql: "WHERE json_extract(delivery_address, '$[3]') = ?",
      params: [sample.email],
    },
    {
      name: 'search: name + status',
      query: `${q(sample.fullName)}&Status=Delivered%20to%20Receiver`,
      sql: "WHERE json_extract(delivery_address, '$[1]') = ? AND status = ?",
      params: [sample.fullName, 'Delivered to Receiver'],
    },
    {
      name: 'search: name, one common word',
      query: q(lastName),
      sql: "WHERE json_extract(delivery_address, '$[1]') LIKE ?",
      params: [`% ${lastName}`],
    },
  ];
}

/**
 * A build's `serve.js` (`entry`) started on a data folder with `nodeFlags`, resolved once it
 * prints `listening on`, with how long that took; `onOutput` sees everything it prints.
 */
export function spawnBuild(
  entry: string,
  dataDir: string,
  nodeFlags: string[] = NODE_FLAGS,
  onOutput?: (chunk: Buffer) => void,
): Promise<{ child: ChildProcess; url: string; ms: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, entry, '--port', '0', '--data-dir', dataDir, '--quiet'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let text = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      onOutput?.(chunk);
      if (text.length > 100_000) return;
      text += chunk.toString();
      const m = /listening on (\S+)/.exec(text);
      if (m) resolve({ child, url: m[1]!, ms: performance.now() - t0 });
    });
    child.once('exit', (code) => reject(new Error(`${entry} exited (${code}) before listening`)));
  });
}

/** Stops a process started by spawnBuild and waits for it to be gone. */
export const stopBuild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
