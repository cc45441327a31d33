/**
 * `npm run bench [-- MODE] [-- --compare EARLIER.json]`: one run of one mode, one table,
 * the same figures in a results file under .bench/. Modes, one module each:
 *
 *   (none)              desk.ts: SQLite at 10,000 and 1,000,000 shipments, every figure
 *   --search            search.ts: the search shapes alone
 *   --printing          printing.ts: ZPL against PDF, and a print to a network printer
 *   --store postgres    postgres.ts: three desks on one PostgreSQL database
 *   --profile           create-profile.ts: where a create's time goes
 *   --scan              scan-to-ship.ts: scan → last label byte and a scripted morning, in Chromium
 *
 * `--quick` runs a few hundred shipments (seconds); `--fresh` fills again rather than reuse
 * a kept fill (fills.ts). `--compare FILE` then prints each figure beside FILE's; with
 * `--to FILE` too it compares the two files and runs nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { profileBench } from './create-profile';
import { deskBench } from './desk';
import type { BenchOptions, Outcome } from './options';
import { postgresMode } from './postgres';
import { printingBench } from './printing';
import { scanToShipBench } from './scan-to-ship';
import { searchBench } from './search';
import { ROOT, WORK, agent } from './service';
import { compare, table } from './table';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean' },
    keep: { type: 'boolean' },
    fresh: { type: 'boolean' },
    out: { type: 'string' },
    store: { type: 'string' },
    printing: { type: 'boolean' },
    search: { type: 'boolean' },
    profile: { type: 'boolean' },
    scan: { type: 'boolean' },
    shipments: { type: 'string' },
    from: { type: 'string' },
    database: { type: 'string' },
    compare: { type: 'string' },
    to: { type: 'string' },
  },
});

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

async function main(): Promise<void> {
  if (values.compare && values.to) {
    console.log(compare(readJson(values.compare), readJson(values.to)));
    return;
  }
  const postgres = values.store === 'postgres';
  if (values.store !== undefined && values.store !== 'sqlite' && !postgres)
    throw new Error('--store is sqlite (the default) or postgres');
  const mode = postgres
    ? 'postgres'
    : values.profile
      ? 'profile'
      : values.scan
        ? 'scan'
        : values.printing
          ? 'printing'
          : values.search
            ? 'search'
            : 'desk';
  const results = resolve(
    values.out ??
      join(
        ROOT,
        '.bench',
        `results${postgres ? '-postgres' : ''}${mode === 'desk' || postgres ? '' : `-${mode}`}${postgres && values.search ? '-search' : ''}.json`,
      ),
  );
  const options: BenchOptions = {
    quick: values.quick === true,
    keep: values.keep === true,
    fresh: values.fresh === true,
    ...(values.shipments ? { shipments: Number(values.shipments) } : {}),
    ...(values.from ? { from: values.from } : {}),
    ...(values.database ? { database: values.database } : {}),
    log: (m: string) => console.error(`[bench] ${m}`),
  };

  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const started = performance.now();
  let outcome: Outcome;
  try {
    if (mode === 'postgres') outcome = await postgresMode({ ...options, searchOnly: values.search === true });
    else if (mode === 'profile') outcome = await profileBench(options);
    else if (mode === 'scan') outcome = await scanToShipBench(options);
    else if (mode === 'printing') outcome = await printingBench(options);
    else if (mode === 'search') outcome = await searchBench(options);
    else outcome = await deskBench(options);
  } finally {
    if (options.keep) options.log(`data kept in ${WORK}`);
    else rmSync(WORK, { recursive: true, force: true });
    agent.destroy();
  }
  const written = {
    date: new Date().toISOString(),
    quick: options.quick,
    // The run's own minutes, and how busy the machine was: figures of a shared machine are read beside it.
    runSeconds: Math.round((performance.now() - started) / 1000),
    loadAverage: loadavg().map((n) => Math.round(n * 100) / 100),
    ...outcome.results,
  };
  mkdirSync(dirname(results), { recursive: true });
  writeFileSync(results, `${JSON.stringify(written, null, 2)}\n`);
  console.log(table(outcome.rows));
  console.log(`\nwritten ${results} (${written.runSeconds} s; load average ${written.loadAverage.join(', ')})`);
  if (values.compare) console.log(`\nagainst ${values.compare}:\n${compare(readJson(values.compare), written)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
