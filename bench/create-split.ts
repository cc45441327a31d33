/**
 * `npx tsx bench/create-split.ts --data-dir COPY --api-key KEY [--seconds 6] [--rounds 3] A/serve.js [B/serve.js …]`:
 * where a create's CPU goes on the whole machine under the desk bench's create load (16
 * clients, one-piece shipments with labels, the load process of `npm run bench`). Each
 * build is started in turn on COPY (a copy of a fill), warmed up for 3 s, then loaded for a
 * slice while the CPU of every thread of the service, of the load process and of the whole
 * machine is read from /proc: ms of CPU a create by process and thread. Builds alternate
 * round by round, so they see the same drift of a shared machine. Node names no thread: the
 * label workers are taken to be the `--workers` (2) busiest besides the main one, and each
 * thread's CPU is printed by its id's offset from the pid (V8's four come first).
 *
 * `--warmup` seconds of creates before the first slice (3, as the bench), `--slices` measured
 * one after the other on the same service, `--log FILE` for its standard output (with
 * `--trace-opt` and the like as its flags).
 *
 * A build may carry node flags of its own after `::` (`out/main/serve.js::--max-semi-space-size=8`);
 * otherwise it runs with `npm run serve`'s. The key is an admin's API key
 * (`npm run cli -- --data-dir COPY apikey create --user admin`, after one start made the admin).
 */
import type { ChildProcess } from 'node:child_process';
import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createLoadProcess } from './create-load';
import { NODE_FLAGS, ROOT, pct, peakRssMb, r2, spawnBuild, stopBuild } from './service';

const { values, positionals: builds } = parseArgs({
  allowPositionals: true,
  options: {
    'data-dir': { type: 'string' },
    'api-key': { type: 'string' },
    seconds: { type: 'string', default: '6' },
    rounds: { type: 'string', default: '3' },
    workers: { type: 'string', default: '2' },
    slices: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '3' },
    log: { type: 'string' },
  },
});
const dataDir = values['data-dir'];
if (!dataDir || !values['api-key'] || builds.length < 1)
  throw new Error('usage: see the head of bench/create-split.ts');
const WORKERS = Number(values.workers);
/** /proc counts CPU in clock ticks of 10 ms (`getconf CLK_TCK` is 100 on Linux). */
const TICK_MS = 10;

/** utime + stime of `/proc/…/stat` (the fields after the command's closing parenthesis). */
const ticksOf = (statPath: string) => {
  const fields = readFileSync(statPath, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
};
/** Each live thread of `pid`, by thread id. */
function threadTicks(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      threads.set(Number(tid), ticksOf(`/proc/${pid}/task/${tid}/stat`));
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return threads;
}
/** The whole machine: busy and all ticks since boot (iowait counts as idle). */
function machineTicks(): { busy: number; all: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = fields.slice(0, 8).map(Number);
  const all = n.reduce((a, b) => a + b, 0);
  return { busy: all - n[3]! - n[4]!, all };
}

function serve(build: string): Promise<{ child: ChildProcess; url: string }> {
  const [entry, flags] = build.split('::');
  const nodeFlags = flags === undefined ? NODE_FLAGS : flags.split(/\s+/).filter(Boolean);
  const log = values.log;
  return spawnBuild(entry!, dataDir!, nodeFlags, log ? (chunk) => appendFileSync(log, chunk) : undefined);
}
const stop = stopBuild;

interface Split {
  perSecond: number;
  p99: number;
  /** ms of CPU a create. */
  main: number;
  workers: number;
  otherThreads: number;
  load: number;
  /** Every other process on the machine (other engineers' work included). */
  elsewhere: number;
  machineBusyShare: number;
  /** The service's peak RSS so far, MB. */
  peakRssMb: number;
  loadAverage: number;
}

const load = createLoadProcess(ROOT);
const splits = builds.map(() => [] as Split[]);
let first = 0;
try {
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [j, build] of builds.entries()) {
      const s = await serve(build);
      try {
        const res = await fetch(`${s.url}/auth?option=apikey`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ apiKey: { apiKey: values['api-key'] } }),
        });
        const token = ((await res.json()) as { token: { accessToken: string } }).token.accessToken;
        const warm = await load.run({ url: s.url, token, seconds: Number(values.warmup), first });
        first += warm.sent;
        for (let slice = 0; slice < Number(values.slices); slice++) {
          const pid = s.child.pid!;
          const before = {
            threads: threadTicks(pid),
            load: ticksOf(`/proc/${load.pid}/stat`),
            machine: machineTicks(),
          };
          const self0 = process.cpuUsage();
          const run = await load.run({ url: s.url, token, seconds: Number(values.seconds), first });
          const self = process.cpuUsage(self0);
          const after = { threads: threadTicks(pid), load: ticksOf(`/proc/${load.pid}/stat`), machine: machineTicks() };
          first += run.sent;
          if (run.errors) throw new Error(`${build}: ${run.errors} creates failed`);
          const perCreate = (ticks: number) => r2((ticks * TICK_MS * 100) / run.ok) / 100;
          const deltas = [...after.threads].map(([tid, t]) => ({ tid, ms: t - (before.threads.get(tid) ?? 0) }));
          const main = deltas.find((d) => d.tid === pid)!.ms;
          const rest = deltas.filter((d) => d.tid !== pid).sort((a, b) => b.ms - a.ms);
          const workers = rest.slice(0, WORKERS).reduce((a, d) => a + d.ms, 0);
          const otherThreads = rest.slice(WORKERS).reduce((a, d) => a + d.ms, 0);
          const loadTicks = after.load - before.load;
          const busy = after.machine.busy - before.machine.busy;
          const selfTicks = (self.user + self.system) / 1000 / TICK_MS;
          splits[j]!.push({
            perSecond: r2(run.ok / run.seconds),
            p99: r2(pct(run.latencies, 99)),
            main: perCreate(main),
            workers: perCreate(workers),
            otherThreads: perCreate(otherThreads),
            load: perCreate(loadTicks),
            elsewhere: perCreate(busy - main - workers - otherThreads - loadTicks - selfTicks),
            machineBusyShare: r2(busy / (after.machine.all - before.machine.all)),
            peakRssMb: peakRssMb(pid),
            loadAverage: r2(loadavg()[0]!),
          });
          console.log(
            `round ${round + 1} ${build}: ${JSON.stringify(splits[j]!.at(-1))} threads (offset from the pid: ms): ${rest
              .filter((d) => d.ms > 0)
              .map((d) => `${d.tid - pid}:${d.ms * TICK_MS}`)
              .join(' ')}`,
          );
        }
      } finally {
        await stop(s.child);
      }
    }
  }
} finally {
  load.close();
}

const mean = (xs: number[]) => r2(xs.reduce((a, b) => a + b, 0) / xs.length);
const keys = [
  'perSecond',
  'p99',
  'main',
  'workers',
  'otherThreads',
  'load',
  'elsewhere',
  'machineBusyShare',
  'peakRssMb',
] as const;
console.log(
  `\nmeans of ${values.rounds} rounds (ms of CPU a create; load average ${splits
    .flat()
    .map((s) => s.loadAverage)
    .join(' ')})`,
);
console.log(['figure', ...builds].join(' | '));
for (const k of keys) console.log([k, ...splits.map((ss) => mean(ss.map((s) => s[k])))].join(' | '));
