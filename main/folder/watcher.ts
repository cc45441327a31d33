/**
 * The watched folder (docs/contract.md §19): a third door beside HTTP and IPC. It polls the
 * desk's folder (an OS watcher misses changes on network drives and Windows shares), takes
 * a file once its size and time have held still for a second (a tool that renames a whole
 * file in is never cut short; one that writes in place is waited for), moves it to
 * processing/, adds its orders (and with action `ship` ships and prints each) through
 * invoke() as the user who set the folder up, then moves it to done/ or failed/ beside its
 * results.
 *
 * Restarts: a file left in processing/ is read again at the next start. Each batch of
 * orders and each ship is sent with an Idempotency-Key made of the file's content, its take
 * (an id kept in the desk's journal) and its place in the file, so the store answers
 * what was done already instead of doing it again: no row twice, none lost. The same
 * content dropped again is a new take: its orders are known, so it adds nothing.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { AuthUser } from '../core/auth';
import { ProblemError } from '../core/errors';
import { ordersFromCsv, ordersFromJson, type FileOrder } from '../core/folder-orders';
import { readRecords } from '../core/imports';
import { alreadyHere } from '../core/orders';
import type { FolderRowResult, OrderBatchResult, WatchFolderAction, WatchFolderSettings } from '../core/schemas';
import type { Station } from '../core/station';
import { StorageUnavailableError } from '../core/storage';
import { FOLDER_CLIENT, invoke, type Caller } from '../operations/invoke';
import { SUBFOLDERS, type DeskFolder, type JournalEntry } from './desk-folder';
import { stemOf, writeResults, type FileResult } from './results';

/** The largest file the folder reads (docs/contract.md §19). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** Orders per POST /orders batch: a crash loses at most one batch's work, which its key then replays. */
const BATCH = 250;
/**
 * Batches in flight at once with action `orders` on PostgreSQL: a batch is one statement, and
 * the next batch's parsing and checks overlap the server's work on it. SQLite writes one at a
 * time anyway; with `ship` one at a time, so labels print in the file's order.
 */
const IN_FLIGHT = 4;

type Outcome = Omit<FolderRowResult, 'row' | 'orderNumber'>;

export interface FolderWatcherOptions {
  /** How often the folder is looked at (ms). */
  pollMs?: number;
  /** How long a file's size and time must hold still, by this computer's clock, before it is taken (ms). */
  settleMs?: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

/** A name not yet taken in `dir`: `orders.csv`, else `orders (2).csv`, … */
async function freeName(dir: string, name: string): Promise<string> {
  const taken = new Set(await readdir(dir).catch(() => [] as string[]));
  if (!taken.has(name) && !taken.has(`${stemOf(name)}.result.json`)) return name;
  const ext = extname(name);
  for (let n = 2; ; n++) {
    const next = `${stemOf(name)} (${n})${ext}`;
    if (!taken.has(next) && !taken.has(`${stemOf(next)}.result.json`)) return next;
  }
}

/** A problem for the result file: its members, or its sentence under `order`. */
const problemOf = (error: unknown, field: string): Record<string, string> =>
  error instanceof ProblemError && error.kind === 'validation'
    ? error.members
    : { [field]: error instanceof Error ? error.message : String(error) };

/** The store is down: the file stays in processing/ and is read again later. */
const storeDown = (error: unknown) =>
  error instanceof StorageUnavailableError || (error instanceof ProblemError && error.kind === 'unavailable');

export class FolderWatcher {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  /** What each file looked like, and since when (performance.now()): taken once it has held still long enough. */
  private seen = new Map<string, { size: number; mtimeMs: number; since: number }>();
  /** The folder whose processing/ was read after the start (or after the store came back). */
  private resumedFor: string | null = null;
  private readonly pollMs: number;
  private readonly settleMs: number;
  /** What the last failed look said, so that a share that is away is not logged every second. */
  private lastError = '';

  constructor(
    private readonly station: Station,
    private readonly folder: DeskFolder,
    options: FolderWatcherOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.settleMs = options.settleMs ?? Math.max(this.pollMs, 1000);
    folder.onChange(() => {
      this.seen.clear();
      this.resumedFor = null;
    });
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops looking, and waits for the file being read to be finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.look()
        .then(
          () => {
            this.lastError = '';
          },
          (error: unknown) => {
            // Whatever was under way is read again from processing/ at the next look.
            this.resumedFor = null;
            // A drive that is away fails every look: said once, and again when it changes.
            const said = error instanceof Error ? error.message : String(error);
            if (said !== this.lastError) console.error('the watched folder:', said);
            this.lastError = said;
          },
        )
        .finally(() => {
          this.running = undefined;
          this.schedule(this.pollMs);
        });
    }, ms);
    this.timer.unref?.();
  }

  /** One look at the folder: resume what a stop left in processing/, then take what is complete. */
  async look(): Promise<void> {
    const kept = await this.folder.kept();
    if (!kept.enabled || kept.path === null || kept.owner === null) return;
    const path = kept.path;
    const ownerId = kept.owner.userId;
    // Made again if someone removed them (they are made when the folder is set).
    for (const sub of SUBFOLDERS) await mkdir(join(path, sub), { recursive: true });
    if (this.resumedFor !== path) {
      const left = await readdir(join(path, 'processing'), { withFileTypes: true }).catch(() => []);
      for (const entry of left) {
        if (this.stopped) return;
        if (entry.isFile() && !entry.name.startsWith('.')) await this.read(path, entry.name, entry.name, kept, ownerId);
      }
      this.resumedFor = path;
    }
    const entries = await readdir(path, { withFileTypes: true });
    const present = new Set<string>();
    for (const entry of entries) {
      if (this.stopped) return;
      if (!entry.isFile() || entry.name.startsWith('.') || /\.(tmp|part|partial|crdownload)$|~$/i.test(entry.name))
        continue;
      present.add(entry.name);
      const now = await stat(join(path, entry.name)).catch(() => null);
      if (!now) continue;
      const before = this.seen.get(entry.name);
      if (!before || before.size !== now.size || before.mtimeMs !== now.mtimeMs) {
        this.seen.set(entry.name, { size: now.size, mtimeMs: now.mtimeMs, since: performance.now() });
        continue;
      }
      if (performance.now() - before.since < this.settleMs) continue;
      this.seen.delete(entry.name);
      const name = await freeName(join(path, 'processing'), entry.name);
      try {
        await rename(join(path, entry.name), join(path, 'processing', name));
      } catch (error) {
        // Another desk watching the same share took it first.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      await this.read(path, name, entry.name, kept, ownerId);
    }
    for (const name of this.seen.keys()) if (!present.has(name)) this.seen.delete(name);
  }

  /** The user the folder acts as; null when they are gone or disabled (each file then fails, saying so). */
  private async actingUser(userId: number): Promise<AuthUser | null> {
    const user = await this.station.auth.user(userId).catch((error: unknown) => {
      if (error instanceof ProblemError && error.kind === 'not-found') return null;
      throw error;
    });
    return user && !user.disabled ? { id: user.id, username: user.username, role: user.role, apiKey: null } : null;
  }

  /** Reads one file of processing/ to its end: done/ or failed/, beside its results. */
  private async read(
    path: string,
    name: string,
    dropped: string,
    { action, columns = {} }: WatchFolderSettings,
    ownerId: number,
  ): Promise<void> {
    const user = await this.actingUser(ownerId);
    // A file read again after a stop is the same take: the same keys, so what was done replays.
    const earlier = await this.folder.unfinished(name);
    const takenOn = earlier ? Date.parse(earlier.takenOn) : this.station.now();
    const take = earlier?.id.slice(0, earlier.id.length - name.length - 1) ?? randomUUID();
    const entry: JournalEntry = {
      id: `${take}:${name}`,
      file: dropped,
      status: 'processing',
      takenOn: iso(takenOn),
      finishedOn: null,
      rows: 0,
      created: 0,
      shipped: 0,
      refused: 0,
      skipped: 0,
      reason: null,
    };
    await this.folder.note(entry);
    const file = join(path, 'processing', name);
    let rows: FolderRowResult[] = [];
    let reason: string | null = null;
    try {
      const read = await this.ordersOf(file, name, columns);
      if ('reason' in read) reason = read.reason;
      else if (!user)
        reason =
          'the user who set up the watched folder is disabled or gone: an administrator sets the folder again in Settings → Watched folder';
      else
        rows = await this.run(
          read.orders,
          `folder:${read.hash.toString('base64url').slice(0, 22)}:${take}`,
          action,
          user,
        );
    } catch (error) {
      // Read again once the store answers: the keys make that a replay.
      if (storeDown(error)) throw error;
      reason = `it could not be read: ${error instanceof Error ? error.message : String(error)}`;
    }
    const finishedOn = this.station.now();
    const to = reason === null ? 'done' : 'failed';
    const kept = await freeName(join(path, to), name);
    const result: FileResult = {
      file: dropped,
      reason: reason && `${dropped}: ${reason}`,
      takenOn: iso(takenOn),
      finishedOn: iso(finishedOn),
      rows,
    };
    // The results first: a file in done/ or failed/ always has them beside it.
    await writeResults(join(path, to), kept, result);
    await rename(file, join(path, to, kept));
    const count = (status: FolderRowResult['status']) => rows.filter((r) => r.status === status).length;
    const finished: JournalEntry = {
      ...entry,
      status: to,
      finishedOn: iso(finishedOn),
      rows: rows.length,
      created: count('created'),
      shipped: count('shipped'),
      refused: count('refused'),
      skipped: count('skipped'),
      reason: result.reason,
    };
    await this.folder.note(finished);
    const { id: _id, file: subject, ...detail } = finished;
    await this.station.audit
      .record({ username: user?.username ?? 'system', via: 'folder', apiKey: null }, [
        { kind: 'folder.file', subject, detail },
      ])
      .catch((error: unknown) => console.error('the audit trail could not be written:', error));
  }

  /** The file's orders and content hash, or why it is not a file of orders. */
  private async ordersOf(
    file: string,
    name: string,
    columns: Record<string, string>,
  ): Promise<{ orders: FileOrder[]; hash: Buffer } | { reason: string }> {
    const { size } = await stat(file);
    if (size > MAX_FILE_BYTES)
      return {
        reason: `it is ${mib(size)}; a file may be at most ${mib(MAX_FILE_BYTES)}: split it into smaller files`,
      };
    const ext = extname(name).toLowerCase();
    if (ext !== '.csv' && ext !== '.json')
      return { reason: 'it is neither CSV (.csv) nor JSON (.json): save it as one of them and drop it again' };
    const bytes = await readFile(file);
    const hash = createHash('sha256').update(bytes).digest();
    const text = bytes.toString('utf8');
    if (ext === '.json') {
      const read = ordersFromJson(text);
      return 'reason' in read ? read : { ...read, hash };
    }
    let records: string[][];
    try {
      records = await readRecords(text, Number.POSITIVE_INFINITY);
    } catch (error) {
      if (error instanceof ProblemError) return { reason: error.members.body ?? error.message };
      throw error;
    }
    const read = ordersFromCsv(records, columns);
    return 'reason' in read ? read : { ...read, hash };
  }

  /**
   * Adds the orders a batch at a time, ships each with action `ship`; every row's outcome.
   * `key` names this take of this content: a take read again after a stop replays what it
   * did, while the same content dropped again is a new take whose orders are known (skipped).
   */
  private async run(
    orders: FileOrder[],
    key: string,
    action: WatchFolderAction,
    user: AuthUser,
  ): Promise<FolderRowResult[]> {
    const caller: Caller = { token: undefined, client: FOLDER_CLIENT, user };
    const outcomes: Outcome[] = [];
    const starts: number[] = [];
    for (let start = 0; start < orders.length; start += BATCH) starts.push(start);
    const runBatch = async (start: number) => {
      const batch = orders.slice(start, start + BATCH);
      const answer = (await invoke(
        this.station,
        'createOrders',
        { body: { orders: batch.map((o) => o.input) }, headers: { 'idempotency-key': `${key}:${start}` } },
        caller,
      )) as OrderBatchResult;
      const made = batch.map((): Outcome => ({
        status: 'refused',
        orderId: null,
        shipmentNumber: null,
        problem: null,
      }));
      for (const c of answer.created)
        made[c.index] = { status: 'created', orderId: c.orderId, shipmentNumber: null, problem: null };
      for (const r of answer.refused) {
        const known = Object.keys(r.problem).length === 1 && r.problem.orderNumber === alreadyHere(r.orderNumber);
        made[r.index] = {
          status: known ? 'skipped' : 'refused',
          orderId: null,
          shipmentNumber: null,
          problem: r.problem,
        };
      }
      if (action === 'ship') {
        for (let i = 0; i < made.length; i++)
          if (made[i]!.status === 'created') made[i] = await this.ship(made[i]!, `${key}:ship:${start + i}`, caller);
      }
      made.forEach((outcome, i) => (outcomes[start + i] = outcome));
    };
    // A few workers take the batches in turn; each batch's key is its place, whatever order they finish in.
    let next = 0;
    let failed = false;
    const worker = async () => {
      try {
        while (next < starts.length && !failed) await runBatch(starts[next++]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    };
    // Every worker is finished before a failure is passed on: nothing runs on once the file is left.
    const settled = await Promise.allSettled(
      Array.from({ length: action === 'orders' && this.station.store.dialect === 'postgres' ? IN_FLIGHT : 1 }, worker),
    );
    for (const s of settled) if (s.status === 'rejected') throw s.reason;
    return orders
      .flatMap((order, i) => order.rows.map((row) => ({ row, orderNumber: order.orderNumber, ...outcomes[i]! })))
      .sort((a, b) => a.row - b.row);
  }

  /** Ships a created order and prints its label (and customs forms) on the desk's printers. */
  private async ship(made: Outcome, shipKey: string, caller: Caller): Promise<Outcome> {
    let shipped;
    try {
      shipped = await invoke(
        this.station,
        'shipOrder',
        { params: { orderId: made.orderId! }, body: {}, headers: { 'idempotency-key': shipKey } },
        caller,
      );
    } catch (error) {
      if (storeDown(error)) throw error;
      return { ...made, problem: problemOf(error, 'order') };
    }
    const done: Outcome = { ...made, status: 'shipped', shipmentNumber: shipped.shipmentNumber };
    try {
      // A replayed ship (a restart) prints only a label that did not print before.
      if (shipped.replayed) {
        const now = await invoke(this.station, 'getShipment', { params: { uniqueId: shipped.shipmentId } }, caller);
        if (now.status !== 'Not Printed') return done;
      }
      await invoke(this.station, 'printShipment', { params: { uniqueId: shipped.shipmentId }, query: {} }, caller);
      return done;
    } catch (error) {
      if (storeDown(error)) throw error;
      return { ...done, problem: { label: `not printed: ${error instanceof Error ? error.message : String(error)}` } };
    }
  }
}
