/**
 * `npm run cli -- [--data-dir DIR] <command>` (docs/contract.md §10):
 *   user add NAME [--admin] --password-stdin
 *   apikey create --user NAME [--name LABEL]      prints only the key
 *   migrate --from DATA_DIR --to postgres://…      a desk's SQLite data into PostgreSQL
 *   unlock-user NAME                               lift a user's sign-in lock
 *   backup --to FILE                               a consistent copy while the station runs
 *   restore --from FILE                            replace a stopped desk's database with a backup
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDataDir } from './core/data-dir';
import { ProblemError } from './core/errors';
import type { Station } from './core/station';
import { announceMigration, chosenDatabaseUrl, openStation } from './open-station';
import { fillDemoData } from './cli/demo-data';
import { assertNoStationHolds } from './stores/sqlite/station-holds';
import { DATABASE_FILE } from './stores/sqlite/database';

const USAGE = `usage: npm run cli -- [--data-dir DIR | --database postgres://…] <command>
  user add NAME [--admin] --password-stdin   add a user; the password is read from standard input
  apikey create --user NAME [--name LABEL]    create an API key for a user; prints only the key
  unlock-user NAME                             lift a user's sign-in lock (after 10 failed sign-ins)
  demo-data --shipments N [--days D]          add N realistic shipments over the D days (365) ending now
  migrate --from DATA_DIR --to postgres://…   copy a desk's SQLite data into a new PostgreSQL database
  backup --to FILE                             copy the desk's SQLite database as of now, while the station runs
  restore --from FILE                          check a backup, then put it in place of a stopped desk's database`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // One line: the trailing newline of `echo` or a here-string is not part of the password.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function run(
  station: Station,
  positionals: string[],
  values: Record<string, string | boolean | undefined>,
): Promise<void> {
  const [group, action, name] = positionals;
  if (group === 'user' && action === 'add' && name) {
    if (!values['password-stdin'])
      throw new Error('user add needs --password-stdin (passwords never go on the command line)');
    const user = await station.auth.createUser({
      username: name,
      password: await readStdin(),
      role: values.admin ? 'admin' : 'operator',
    });
    console.error(`created ${user.role} ${user.username}`);
    return;
  }
  if (group === 'apikey' && action === 'create' && typeof values.user === 'string') {
    const owner = (await station.auth.listUsers()).items.find(
      (u) => u.username.toLowerCase() === String(values.user).toLowerCase(),
    );
    if (!owner) throw new Error(`no user ${values.user}`);
    const created = await station.auth.createApiKey(
      typeof values.name === 'string' ? values.name : `cli ${new Date(station.now()).toISOString().slice(0, 10)}`,
      owner.username,
      { id: owner.id, username: owner.username, role: owner.role },
    );
    console.log(created.key);
    return;
  }
  if (group === 'unlock-user' && action && !name) {
    const user = (await station.auth.listUsers()).items.find((u) => u.username.toLowerCase() === action.toLowerCase());
    if (!user) throw new Error(`no user ${action}`);
    await station.auth.unlockUser(user.id);
    console.error(`unlocked sign-in for ${user.username}`);
    return;
  }
  if (group === 'demo-data' && typeof values.shipments === 'string') {
    const shipments = Number(values.shipments);
    const days = values.days === undefined ? 365 : Number(values.days);
    if (!Number.isInteger(shipments) || shipments < 1 || !Number.isInteger(days) || days < 1) throw new Error(USAGE);
    const done = await fillDemoData(station.store, station.carriers, {
      shipments,
      days,
      now: station.now(),
      onProgress: (k) => console.error(`${k} / ${shipments}`),
    });
    console.error(`added ${done.shipments} shipments, ${done.pieces} pieces, ${done.events} events in ${done.ms} ms`);
    return;
  }
  throw new Error(USAGE);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      database: { type: 'string' },
      admin: { type: 'boolean' },
      'password-stdin': { type: 'boolean' },
      user: { type: 'string' },
      name: { type: 'string' },
      shipments: { type: 'string' },
      days: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  // No command is a mistake a script should notice: the usage on stderr, exit 2.
  if (positionals.length === 0) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  if (positionals[0] === 'migrate') {
    if (!values.from || !values.to || positionals.length !== 1) throw new Error(USAGE);
    // Loaded only here: the other commands never need the PostgreSQL driver.
    const { copyToPostgres } = await import('./stores/copy-to-postgres');
    const { tables } = await copyToPostgres({ from: values.from, to: values.to }, (line) => console.error(line));
    console.error(`copied and verified: ${tables.map((t) => `${t.table} ${t.postgres}`).join(', ')}`);
    return;
  }
  const dataDir = values['data-dir'] ?? defaultDataDir();
  if (positionals[0] === 'backup' || positionals[0] === 'restore') {
    if (chosenDatabaseUrl(values.database)) {
      throw new Error('A PostgreSQL database is backed up with pg_dump and restored with pg_restore: see README.md.');
    }
    const { backupDatabase, restoreDatabase } = await import('./stores/sqlite/backup');
    if (positionals[0] === 'backup') {
      if (!values.to || positionals.length !== 1) throw new Error(USAGE);
      const { bytes } = await backupDatabase(dataDir, values.to);
      console.error(`backed up ${join(dataDir, DATABASE_FILE)} to ${values.to} (${bytes} bytes)`);
    } else {
      if (!values.from || positionals.length !== 1) throw new Error(USAGE);
      const kept = await restoreDatabase(dataDir, values.from);
      console.error(
        `restored ${values.from} into ${dataDir}${kept ? `; the database it replaced is kept as ${kept}` : ''}`,
      );
    }
    return;
  }
  const databaseUrl = chosenDatabaseUrl(values.database);
  // A user or key made in a new, empty file would belong to no station: say where we looked.
  if (!databaseUrl && positionals[0] !== 'demo-data' && !existsSync(join(dataDir, DATABASE_FILE))) {
    throw new Error(
      `No station data in ${dataDir}. Pass the --data-dir (or --database) the station runs with, or start it once with npm run serve.`,
    );
  }
  if (positionals[0] === 'demo-data' && !databaseUrl) assertNoStationHolds(dataDir, 'adding demo data');
  const station = await openStation({
    dataDir,
    databaseUrl,
    // A command draws its few documents on this thread: no workers to start and stop.
    labelPool: false,
    // stderr: stdout carries only what the command prints (an API key, say).
    onMigration: announceMigration(console.error),
  });
  try {
    await run(station, positionals, values);
  } finally {
    await station.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ProblemError && Object.keys(error.members).length > 0) {
    console.error(
      Object.entries(error.members)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n'),
    );
  } else if (error instanceof ProblemError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(error instanceof Error && error.message === USAGE ? 2 : 1);
});
