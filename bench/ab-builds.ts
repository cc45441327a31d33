/**
 * `npx tsx bench/ab-builds.ts --data-dir COPY --api-key ssk_… [--starts 12] [--lists 500] A/serve.js B/serve.js`:
 * two builds of the service (e.g. a copy of main's out/ and this one's) compared in one
 * session, so both see the same load. Starts alternate (spawn → `listening on`, medians);
 * then both serve side by side and the bench's list shapes alternate between them, each
 * answer's bytes compared. COPY is a data folder both may open (a copy of a fill); the key
 * is an admin's (`npm run cli -- --data-dir COPY apikey create --user admin`).
 */
import http from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { listCases, pct, r2, spawnBuild, stopBuild } from './service';

const { values, positionals: builds } = parseArgs({
  allowPositionals: true,
  options: {
    'data-dir': { type: 'string' },
    'api-key': { type: 'string' },
    starts: { type: 'string', default: '12' },
    lists: { type: 'string', default: '500' },
  },
});
const dataDir = values['data-dir'];
if (!dataDir || !values['api-key'] || builds.length < 2) throw new Error('usage: see the head of bench/ab-builds.ts');
const load = () => r2(loadavg()[0]!);

const serve = (entry: string) => spawnBuild(entry, dataDir);
const stop = stopBuild;
const median = (xs: number[]) => Math.round(pct(xs, 50));

const startMs = builds.map(() => [] as number[]);
const startLoads: number[] = [];
for (let i = 0; i < Number(values.starts); i++) {
  startLoads.push(load());
  for (const [j, entry] of builds.entries()) {
    const s = await serve(entry);
    startMs[j]!.push(s.ms);
    await stop(s.child);
  }
}
for (const [j, entry] of builds.entries())
  console.log(`start ${entry}: median ${median(startMs[j]!)} ms, min ${Math.round(Math.min(...startMs[j]!))}`);
console.log(`load average during the starts: ${startLoads.join(' ')}`);

const services = await Promise.all(
  builds.map(async (entry) => {
    const s = await serve(entry);
    const res = await fetch(`${s.url}/auth?option=apikey`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: { apiKey: values['api-key'] } }),
    });
    const token = ((await res.json()) as { token: { accessToken: string } }).token.accessToken;
    return { ...s, token, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) };
  }),
);
const get = (s: (typeof services)[number], path: string) =>
  new Promise<{ ms: number; status: number; body: Buffer }>((resolve, reject) => {
    const t = performance.now();
    http
      .get(new URL(path, s.url), { agent: s.agent, headers: { authorization: `Bearer ${s.token}` } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ ms: performance.now() - t, status: res.statusCode ?? 0, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
try {
  const listLoads: number[] = [];
  for (const c of listCases(Date.now(), 1_000_000)) {
    const times = services.map(() => [] as number[]);
    const bodies: Buffer[] = [];
    for (let i = 0; i < Number(values.lists) + 2; i++) {
      for (const [j, s] of services.entries()) {
        const r = await get(s, `/shipments${c.query ? `?${c.query}` : ''}`);
        if (r.status !== 200) throw new Error(`${c.name}: ${r.status} ${r.body.toString()}`);
        if (i >= 2) times[j]!.push(r.ms);
        bodies[j] = r.body;
      }
    }
    listLoads.push(load());
    const same = bodies.every((b) => b.equals(bodies[0]!));
    const figures = times.map((t) => `${r2(pct(t, 50))} / ${r2(pct(t, 95))}`).join('  ·  ');
    console.log(`${c.name.padEnd(18)} p50 / p95 ms: ${figures}  (${same ? 'bodies identical' : 'BODIES DIFFER'})`);
  }
  console.log(`load average during the lists: ${listLoads.join(' ')}`);
} finally {
  for (const s of services) {
    s.agent.destroy();
    await stop(s.child);
  }
}
