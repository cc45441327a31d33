/**
 * When the desktop app looks for updates and when it may install one, apart from Electron
 * (updater.ts does what this decides): the feed is the one set in Settings, else the one
 * the build was given, else none and updates are off; and an update is never installed
 * while a print job is in flight, since restarting would cut the job off mid-label.
 */

/** Parses a feed address: https, or http to this computer only (a test feed); null if neither. */
export function parseFeedUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.username || url.password) return null;
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) return url.href.replace(/\/?$/, '/');
  return null;
}

/** The feed in force: Settings', else the build's (SHIPPING_STATION_UPDATE_URL at build time), else null (off). */
export function updateFeed(fromSettings: string | undefined, fromBuild: string): string | null {
  for (const candidate of [fromSettings, fromBuild]) {
    if (candidate) return parseFeedUrl(candidate);
  }
  return null;
}

/** Print jobs in flight, from the window's silent prints and the station's own printers alike. */
export interface PrintJobs {
  /** Counts `job` while it runs. */
  track<T>(job: Promise<T>): Promise<T>;
  inFlight(): number;
  /** Resolves when no job is in flight (at once if none is). */
  whenIdle(): Promise<void>;
}

export function printJobs(): PrintJobs {
  let running = 0;
  let waiting: (() => void)[] = [];
  const finished = () => {
    running -= 1;
    if (running > 0) return;
    const ready = waiting;
    waiting = [];
    for (const resolve of ready) resolve();
  };
  return {
    track(job) {
      running += 1;
      return job.finally(finished);
    },
    inFlight: () => running,
    whenIdle: () => (running === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
  };
}

/**
 * Runs `install` once no print job is in flight, in the same turn as it sees none, so no
 * job can start in between; `waiting` is told when it has to wait, to say so.
 */
export async function installWhenIdle(
  jobs: PrintJobs,
  install: () => void | Promise<void>,
  waiting: (inFlight: number) => void = () => undefined,
): Promise<void> {
  if (jobs.inFlight() > 0) waiting(jobs.inFlight());
  while (jobs.inFlight() > 0) await jobs.whenIdle();
  await install();
}

/** How often the app looks for an update on its own, besides at start and from the menu. */
export const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;
