/**
 * The audit trail (docs/contract.md §22): who signed in or was refused, who changed users, keys,
 * settings, printers and webhooks, who cancelled, manifested, imported and printed — when,
 * through which door and with which API key. What each operation records is said once, in
 * main/operations/audit-rules.ts; this service batches the writes and keeps the trail as
 * long as the station's setting says.
 */
import { validationError } from './errors';
import type { AuditRecord, AuditStore } from './storage';

/** How long entries are kept when the setting says nothing. */
export const DEFAULT_AUDIT_DAYS = 400;
const DAY_MS = 86_400_000;
/** Old entries go this many at a time, so that pruning a year's backlog never holds the store for long. */
const PRUNE_BATCH = 500;
const PRUNE_EVERY_MS = 3_600_000;

/** The kinds that are a label going to a printer: a shipment's print count counts them. */
export const PRINT_KINDS = ['label.print', 'label.reprint'];

/** Who made a call, as the trail names them. */
export interface Actor {
  username: string;
  /** `window` (the app's own window, over IPC) or `http`. */
  via: string;
  apiKey: string | null;
}

export type AuditEntry = Omit<AuditRecord, 'at' | 'username' | 'via' | 'apiKey'>;

export interface AuditQuery {
  Kind?: string | string[] | undefined;
  User?: string | undefined;
  From?: string | undefined;
  To?: string | undefined;
  Page?: number | undefined;
  ItemsPerPage?: number | undefined;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A date alone as `To` covers that whole day (as the shipment list's DateTo does). */
function parseBound(value: string | undefined, name: string, endOfDay: boolean, errors: Record<string, string>) {
  if (value === undefined || value === '') return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) {
    errors[name] = `${value} is not a date (e.g. 2026-11-21) or a date-time`;
    return null;
  }
  return endOfDay && /^\d{4}-\d{2}-\d{2}$/.test(value) ? ms + DAY_MS - 1 : ms;
}

export class AuditTrail {
  private pending: AuditRecord[] = [];
  private batch: Promise<void> | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private pruning: Promise<number> | undefined;

  constructor(
    private readonly store: AuditStore,
    private readonly now: () => number,
    private readonly keepDays: () => Promise<number>,
  ) {}

  /**
   * Records entries by `actor`; entries recorded in the same turn of the event loop are
   * written together, in one store write (on SQLite, inside the group commit).
   */
  record(actor: Actor, entries: AuditEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    const at = this.now();
    for (const entry of entries) this.pending.push({ ...entry, ...actor, at });
    this.batch ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      const written = this.pending;
      this.pending = [];
      this.batch = undefined;
      return this.store.append(written);
    });
    return this.batch;
  }

  async list(query: AuditQuery) {
    const errors: Record<string, string> = {};
    const from = parseBound(query.From, 'From', false, errors);
    const to = parseBound(query.To, 'To', true, errors);
    if (from !== null && to !== null && from > to) errors.To = 'must not be before From';
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const kinds = (Array.isArray(query.Kind) ? query.Kind : query.Kind ? [query.Kind] : []).flatMap((k) =>
      k
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    );
    const perPage = query.ItemsPerPage ?? 100;
    const page = await this.store.page({
      kinds,
      username: query.User?.trim() || null,
      from,
      to,
      limit: perPage,
      offset: ((query.Page ?? 1) - 1) * perPage,
    });
    return {
      totalItems: page.total,
      items: page.rows.map((r) => ({
        at: iso(r.at),
        user: r.username,
        via: r.via,
        apiKey: r.apiKey,
        kind: r.kind,
        subject: r.subject,
        detail: r.detail,
      })),
    };
  }

  /** How many times a shipment's labels went to a printer, and the latest time and by whom. */
  async printsOf(shipmentNumber: string) {
    const { count, latest } = await this.store.count(shipmentNumber, PRINT_KINDS);
    return {
      printCount: count,
      lastPrintedOn: latest ? iso(latest.at) : null,
      lastPrintedBy: latest ? latest.username : null,
    };
  }

  /** Deletes entries older than the setting's days, a batch at a time; returns how many went. */
  pruneOld(): Promise<number> {
    this.pruning ??= (async () => {
      const before = this.now() - (await this.keepDays()) * DAY_MS;
      let total = 0;
      for (;;) {
        const gone = await this.store.prune(before, PRUNE_BATCH);
        total += gone;
        if (gone < PRUNE_BATCH) return total;
        // Let requests in between batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })().finally(() => {
      this.pruning = undefined;
    });
    return this.pruning;
  }

  /** Prunes now and every hour, until stop(). */
  start(): void {
    const prune = () => void this.pruneOld().catch(() => undefined);
    prune();
    this.timer = setInterval(prune, PRUNE_EVERY_MS);
    this.timer.unref();
  }

  /** Stops pruning, and waits for what is being written. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.batch?.catch(() => undefined);
    await this.pruning?.catch(() => undefined);
  }
}
