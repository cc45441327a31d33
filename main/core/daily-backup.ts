/**
 * The daily backup a SQLite station makes of its own database (docs/contract.md §22): at
 * start and every hour, today's copy into the chosen folder unless it is there, then only
 * the newest `keep` kept. A shared PostgreSQL database is backed up with pg_dump instead,
 * so there the setting cannot be turned on.
 */
import { iso } from './dates';

export interface DailyBackupChoice {
  enabled: boolean;
  /** An absolute path; created if missing. */
  folder: string;
  keep: number;
}

export const DEFAULT_DAILY_BACKUP: DailyBackupChoice = { enabled: false, folder: '', keep: 7 };

/** What the last try did, since the station started. */
export interface DailyBackupStatus {
  available: boolean;
  lastBackupOn: string | null;
  lastBackupFile: string | null;
  /** Why the last try failed; null once one succeeds. */
  problem: string | null;
}

/** Writes today's backup into `folder` unless it is there (null then), and keeps the newest `keep`. */
export type MakeDailyBackup = (folder: string, keep: number, today: Date) => Promise<string | null>;

const CHECK_EVERY_MS = 3_600_000;

export class DailyBackups {
  private last: { at: number; file: string } | null = null;
  private problem: string | null = null;
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly make: MakeDailyBackup | undefined,
    private readonly choice: () => Promise<DailyBackupChoice>,
    private readonly now: () => number,
    /** Told when the status changed (the settings' cached view is dropped). */
    private readonly changed: () => void = () => undefined,
  ) {}

  status(): DailyBackupStatus {
    return {
      available: this.make !== undefined,
      lastBackupOn: this.last ? iso(this.last.at) : null,
      lastBackupFile: this.last?.file ?? null,
      problem: this.problem,
    };
  }

  /** Makes today's backup if it is due; one at a time. A failure is kept in the status, never thrown. */
  check(): Promise<void> {
    // A check asked for during another (the setting just changed) runs after it.
    if (this.running) return this.running.then(() => this.check());
    this.running = (async () => {
      if (!this.make) return;
      const { enabled, folder, keep } = await this.choice();
      if (!enabled || folder === '') return;
      const at = this.now();
      try {
        const file = await this.make(folder, keep, new Date(at));
        if (file !== null) this.last = { at, file };
        this.problem = null;
      } catch (error) {
        this.problem = `The daily backup into ${folder} failed: ${error instanceof Error ? error.message : String(error)}`;
        console.error(this.problem);
      }
      this.changed();
    })()
      .catch((error: unknown) => {
        // The setting could not be read (the store is unavailable): the next hour tries again.
        this.problem = `The daily backup could not start: ${error instanceof Error ? error.message : String(error)}`;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /** Checks now and every hour, until stop(). */
  start(): void {
    if (!this.make) return;
    void this.check();
    this.timer = setInterval(() => void this.check(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
