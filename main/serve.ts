/**
 * `npm run serve -- [--port N] [--data-dir DIR] [--host ADDR]`: the station without
 * Electron (CONTRACT §10), serving the built renderer at `/`.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDataDir } from './core/data-dir';
import { resourcesDir } from './core/resources';
import { openStation } from './core/station';
import { DEFAULT_PORT, startServer } from './http/server';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      host: { type: 'string' },
      quiet: { type: 'boolean' },
    },
  });
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0 to 65535, not ${values.port}`);
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const station = openStation({ dataDir });
  const password = await station.auth.ensureFirstAdmin();
  if (password) {
    console.log(`First start: created user "admin" with password ${password}`);
    console.log('Write it down now: it is not shown again. Change it in Settings.');
  }
  const rendererDir = join(resourcesDir(), '..', 'out', 'renderer');
  const { app, url } = await startServer({
    station,
    port,
    ...(values.host ? { host: values.host } : {}),
    rendererDir,
    logger: values.quiet ? false : { level: 'warn' },
  });
  console.log(`data in ${dataDir}`);
  console.log(`listening on ${url}`);

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    station.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
