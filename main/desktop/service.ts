/**
 * Starts the shipping service inside the desktop exactly as main/serve.ts does without
 * Electron: open the station, make sure an administrator exists, listen on loopback.
 * The one difference: a taken port does not stop the app, whose window talks over IPC.
 */
import type { Station } from '../core/station';
import type { OnMigration } from '../core/storage';
import { DEFAULT_PORT, startServer } from '../http/server';
import type { ApiStatus } from '../ipc/register';
import { announceMigration, openStation } from '../open-station';
import type { SqliteBinding } from '../stores/sqlite/connection';
import type { DeskPrinters } from '../core/printing';
import { createDeskPrinters } from '../printers/desk-printers';
import type { PrintJobs } from './update-policy';

/** How long closing waits for open HTTP requests before closing the database anyway. */
const CLOSE_TIMEOUT_MS = 5000;

export interface ServiceOptions {
  dataDir: string;
  /** A shared PostgreSQL database (several desks); absent → the SQLite file in dataDir. */
  databaseUrl?: string | undefined;
  resourcesDir: string;
  /** The SQLite driver built for Electron (sqlite-binding.ts); the package's own without one. */
  sqliteBinding?: SqliteBinding;
  /** The built renderer, served at `/` to browsers as the headless server does. */
  rendererDir: string;
  port?: number;
  /** Fastify's logger options (the HTTP log). */
  httpLogger: object;
  /** Told before each schema upgrade (the start window shows it); the console is told too. */
  onMigration?: OnMigration;
  /** Counts the station's own print jobs (its desk printers), so an update waits for them. */
  printJobs?: PrintJobs;
}

export interface RunningService {
  station: Station;
  /** Set when ensureFirstAdmin created the first administrator: shown once, never stored. */
  firstAdminPassword: string | null;
  apiStatus(): ApiStatus;
  /** Stops listening (waiting at most 5 s for open requests), then closes the database. Safe to call twice. */
  close(): Promise<void>;
}

/** The desk's printers, each job they send counted while it is in flight. */
function trackedPrinters(printers: DeskPrinters, jobs: PrintJobs | undefined): DeskPrinters {
  if (!jobs) return printers;
  return { ...printers, send: (target, document, title) => jobs.track(printers.send(target, document, title)) };
}

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const port = options.port ?? DEFAULT_PORT;
  const station = await openStation({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    resourcesDir: options.resourcesDir,
    sqliteBinding: options.sqliteBinding,
    printers: trackedPrinters(createDeskPrinters({ dataDir: options.dataDir }), options.printJobs),
    watch: true,
    onMigration: (migration) => {
      announceMigration(console.log)(migration);
      options.onMigration?.(migration);
    },
  });
  let firstAdminPassword: string | null;
  try {
    firstAdminPassword = await station.auth.ensureFirstAdmin();
  } catch (error) {
    await station.close();
    throw error;
  }

  let status: ApiStatus = { url: `http://127.0.0.1:${port}`, listening: false, error: null };
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    server = await startServer({ station, port, rendererDir: options.rendererDir, logger: options.httpLogger });
    status = { url: server.url, listening: true, error: null };
  } catch (error) {
    // Most often another station (or `npm run serve`) already holds the port.
    const code = (error as { code?: unknown }).code;
    status = {
      ...status,
      error:
        code === 'EADDRINUSE'
          ? `Port ${port} is already in use by another program; the API for other local tools is off. This window works as usual.`
          : `The API for other local tools could not start: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  station.startLabelWorkers();

  let closing: Promise<void> | null = null;
  return {
    station,
    firstAdminPassword,
    apiStatus: () => ({ ...status }),
    close: () =>
      (closing ??= (async () => {
        try {
          if (server) {
            const timeout = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref());
            await Promise.race([server.app.close(), timeout]);
          }
        } finally {
          await station.close();
          status = { ...status, listening: false };
        }
      })()),
  };
}
