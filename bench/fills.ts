/**
 * Demo data for the bench, filled once and kept: a fill of N shipments lives in
 * `.bench/fills/` under a name that holds the schema version and a digest of the demo data
 * generator, so a fill made by other code is never reused. A run works on a copy (its
 * service starts, migrates and writes), so the kept fill stays as the CLI left it.
 */
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS } from '../main/stores/sqlite/migrations';
import { DATABASE_FILE } from '../main/stores/sqlite/database';
import { ROOT, WORK, r2 } from './service';

export interface Fill {
  /** The copy this run may write to. */
  dir: string;
  /** How long `demo-data` took to make the fill, when it was made. */
  seconds: number;
  /** True when the fill was made by an earlier run. */
  reused: boolean;
}

const FILLS = join(ROOT, '.bench', 'fills');

/** What a fill depends on: the schema and the generator. */
function fillKey(n: number): string {
  const generator = createHash('sha256')
    .update(readFileSync(join(ROOT, 'main/cli/demo-data.ts')))
    .digest('hex')
    .slice(0, 10);
  return `${n}-schema${MIGRATIONS.at(-1)!.version}-${generator}`;
}

/** Fills `dir` with `n` demo shipments with the built CLI, in a process of its own; seconds taken. */
export function fillWithCli(dir: string, n: number): number {
  rmSync(dir, { recursive: true, force: true });
  const t = performance.now();
  execFileSync(
    process.execPath,
    ['out/main/cli.js', '--data-dir', dir, 'demo-data', '--shipments', String(n), '--days', '365'],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return r2((performance.now() - t) / 1000);
}

/**
 * A copy of a ready fill of `n` shipments in this run's work folder as `name`, filled first
 * if there is none (or `fresh`). Kept fills of older schemas or generators are removed.
 */
export function readyFill(name: string, n: number, options: { fresh?: boolean } = {}): Fill {
  const key = fillKey(n);
  const kept = join(FILLS, key);
  const record = join(kept, 'fill.json');
  let seconds: number;
  let reused = false;
  if (!options.fresh && existsSync(record) && schemaIsCurrent(kept)) {
    seconds = (JSON.parse(readFileSync(record, 'utf8')) as { seconds: number }).seconds;
    reused = true;
  } else {
    mkdirSync(FILLS, { recursive: true });
    for (const old of readdirSync(FILLS).filter((f) => f.startsWith(`${n}-`)))
      rmSync(join(FILLS, old), { recursive: true, force: true });
    const making = `${kept}.making`;
    seconds = fillWithCli(making, n);
    writeFileSync(
      join(making, 'fill.json'),
      `${JSON.stringify({ shipments: n, seconds, date: new Date().toISOString() })}\n`,
    );
    rmSync(kept, { recursive: true, force: true });
    renameSync(making, kept);
  }
  const dir = join(WORK, name);
  rmSync(dir, { recursive: true, force: true });
  cpSync(kept, dir, { recursive: true });
  return { dir, seconds, reused };
}

function schemaIsCurrent(dir: string): boolean {
  const db = new Database(join(dir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    return db.pragma('user_version', { simple: true }) === MIGRATIONS.at(-1)!.version;
  } finally {
    db.close();
  }
}
