/**
 * What the audit trail costs a desk's creates. A create writes nothing to the trail (no
 * rule in main/operations/audit-rules.ts: invoke() skips it); its label's first print
 * writes a `label.print` entry, after reading the shipment and its print count. So the
 * cycle timed is a desk's: create, then fetch its ZPL label (which marks it Printed), 16
 * at a time, through the HTTP app in this process (requests injected: no sockets, so the
 * trail's share is, if anything, larger than over HTTP). Turns alternate the trail on (as
 * shipped), its reads alone (the entry not written) and off (the label's rule taken out).
 * `npx tsx bench/audit-cost.ts [--turns N] [--seconds S] [--store postgres]`.
 */
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../main/http/app';
import { openStation } from '../main/open-station';
import { auditRules } from '../main/operations/audit-rules';
import { createDatabase, startPostgres, type TestPostgres } from '../test/helpers/postgres';
import { CLIENTS, createBody } from './create-load';
import { pct, r2, WORK } from './service';

const { values } = parseArgs({
  options: { turns: { type: 'string' }, seconds: { type: 'string' }, store: { type: 'string' } },
});
const TURNS = Number(values.turns ?? 6);
const SECONDS = Number(values.seconds ?? 3);
const postgres = values.store === 'postgres';
const HOST = { host: '127.0.0.1:7317' };
/** The trail as shipped; its reads without its write; no rule for a label at all. */
const MODES = ['on', 'reads', 'off'] as const;
type Mode = (typeof MODES)[number];
const ADMIN = { username: 'admin', password: 'correct horse battery staple' };

async function main(): Promise<void> {
  let server: TestPostgres | undefined;
  const given = process.env.SHIPPING_STATION_BENCH_DATABASE_URL;
  if (postgres && !given) server = await startPostgres();
  const databaseUrl = postgres ? await createDatabase(given ?? server!.url, `ss_audit_${Date.now()}`) : undefined;
  // The label pool as the station has it: a create's label is drawn there.
  const station = await openStation({ dataDir: join(WORK, 'audit-cost'), databaseUrl });
  const app = await buildApp({ station, port: 7317 });
  const labelRule = auditRules.getShipmentLabel;
  const record = station.audit.record.bind(station.audit);
  try {
    await station.auth.createUser({ ...ADMIN, role: 'admin' });
    const signIn = await app.inject({
      method: 'POST',
      url: '/auth?option=credentials',
      headers: HOST,
      payload: { credentials: ADMIN },
    });
    const headers = { ...HOST, authorization: `Bearer ${signIn.json().token.accessToken}` };
    let serial = 0;
    /** Creates and prints for `seconds`, CLIENTS at a time: cycles a second. */
    const turn = async (mode: Mode, seconds: number) => {
      if (mode === 'off') delete auditRules.getShipmentLabel;
      else auditRules.getShipmentLabel = labelRule;
      // `reads`: the rule reads the shipment and its print count, and writes nothing.
      station.audit.record = mode === 'reads' ? () => Promise.resolve() : record;
      let done = 0;
      const end = performance.now() + seconds * 1000;
      const client = async () => {
        while (performance.now() < end) {
          const created = await app.inject({
            method: 'POST',
            url: '/shipments',
            headers,
            payload: createBody(serial++),
          });
          if (created.statusCode !== 200) throw new Error(`create: ${created.statusCode} ${created.body}`);
          const label = await app.inject({
            method: 'GET',
            url: `/shipments/${created.json().shipmentId}/label?format=zpl`,
            headers,
          });
          if (label.statusCode !== 200) throw new Error(`label: ${label.statusCode} ${label.body}`);
          done++;
        }
      };
      const start = performance.now();
      const cpuBefore = process.cpuUsage();
      await Promise.all(Array.from({ length: CLIENTS }, client));
      const { user, system } = process.cpuUsage(cpuBefore);
      // CPU of the whole process (the label workers are its threads): less moved by the machine's load than the rate.
      return { done, rate: done / ((performance.now() - start) / 1000), cpuMs: (user + system) / 1000 / done };
    };
    const printsNow = async () => (await station.audit.list({ Kind: 'label.print', ItemsPerPage: 1 })).totalItems;

    await turn('on', 6); // warm-up (the label workers, the JIT), not counted
    const load = loadavg()[0]!;
    const rates: Record<Mode, number[]> = { on: [], reads: [], off: [] };
    const cpuMs: Record<Mode, number[]> = { on: [], reads: [], off: [] };
    let printedOn = 0;
    const printsBefore = await printsNow();
    for (let i = 0; i < TURNS; i++) {
      // The order turns about each round: no mode always runs first, as the machine's load drifts.
      for (let j = 0; j < MODES.length; j++) {
        const mode = MODES[(i + j) % MODES.length]!;
        const { done, rate, cpuMs: cpu } = await turn(mode, SECONDS);
        rates[mode].push(rate);
        cpuMs[mode].push(cpu);
        if (mode === 'on') printedOn += done;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const written = (await printsNow()) - printsBefore;
    // The trail was really on (every print of an "on" turn recorded) and really off.
    if (written !== printedOn)
      throw new Error(`${written} label.print entries for ${printedOn} prints with the trail on`);
    const median = (xs: number[]) => pct(xs, 50);
    console.log(
      JSON.stringify({
        store: postgres ? 'postgres' : 'sqlite',
        clients: CLIENTS,
        turns: TURNS,
        secondsEach: SECONDS,
        cyclesPerSecond: Object.fromEntries(MODES.map((m) => [m, rates[m].map(r2)])),
        medianRate: Object.fromEntries(MODES.map((m) => [m, r2(median(rates[m]))])),
        cpuMsPerCycle: Object.fromEntries(MODES.map((m) => [m, cpuMs[m].map(r2)])),
        medianCpuMs: Object.fromEntries(MODES.map((m) => [m, r2(median(cpuMs[m]))])),
        // What the trail takes off the rate, and adds to a cycle's CPU, by the medians of the turns.
        trailRateCostPercent: r2((1 - median(rates.on) / median(rates.off)) * 100),
        trailCpuCostPercent: r2((median(cpuMs.on) / median(cpuMs.off) - 1) * 100),
        load1m: r2(load),
        loadAfter1m: r2(loadavg()[0]!),
      }),
    );
  } finally {
    auditRules.getShipmentLabel = labelRule;
    station.audit.record = record;
    await app.close();
    await station.close();
    await server?.close();
    rmSync(WORK, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
