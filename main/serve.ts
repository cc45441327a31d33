/**
 * `npm run serve -- [--port N] [--data-dir DIR | --database postgres://…] [--host ADDR]`: the station without
 * Electron (docs/contract.md §10), serving the built renderer at `/`.
 */
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { defaultDataDir } from './core/data-dir';
import { resourcesDir } from './core/resources';
import { DEFAULT_PORT, assertBindableHost, assertPortFree, startServer } from './http/server';
import { announceMigration, chosenDatabaseUrl, openStation } from './open-station';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      database: { type: 'string' },
      host: { type: 'string' },
      quiet: { type: 'boolean' },
    },
  });
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0 to 65535, not ${values.port}`);
  if (values.host !== undefined) assertBindableHost(values.host);
  // Before the data directory or database is touched: a taken port changes nothing.
  await assertPortFree(port, values.host);
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const station = await openStation({
    dataDir,
    databaseUrl: chosenDatabaseUrl(values.database),
    onMigration: announceMigration(console.log),
    watch: true,
  });
  if (process.env.SHIPPING_STATION_REPORT_LOOP_DELAY === '1') reportLoopDelayOnSignal();
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
  console.log(`data in ${station.store.location}`);
  console.log(`listening on ${url}`);
  station.startLabelWorkers();

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await station.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

/**
 * Opt-in for the benchmark: SIGUSR2 prints the event-loop delay since the previous signal
 * as one `loop-delay {json}` line (milliseconds) and starts a new measurement.
 */
function reportLoopDelayOnSignal(): void {
  const resolutionMs = 10;
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  histogram.enable();
  process.on('SIGUSR2', () => {
    // The histogram records the time between its timer's runs, the sampling interval
    // included (an idle loop reads ~10.2 ms): the delay is what exceeds the interval.
    const ms = (ns: number) => Math.max(0, Math.round((ns / 1e6 - resolutionMs) * 100) / 100);
    console.log(
      `loop-delay ${JSON.stringify({ p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) })}`,
    );
    histogram.reset();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
