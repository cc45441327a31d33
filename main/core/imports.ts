/**
 * Batch import (docs/contract.md §14): a CSV file of orders becomes shipments, row by row, each
 * row's outcome reported: created, invalid (every wrong field, as a 400 names it) or
 * skipped (its reference is shipped already). Valid rows are created even when others are
 * not; a dry run creates nothing; the same file with the same Idempotency-Key creates
 * nothing more.
 */
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse';
import type { BatchPage, LabelData, LabelDpi, LabelFormat, OfficeSheet } from './label-data';
import type { CarrierCatalog } from './carriers';
import { iso } from './dates';
import { ProblemError, conflict, notFound, validationError } from './errors';
import { groupColumn, matchColumns, referenceColumn, requestFromRows, type MatchedColumn } from './import-columns';
import {
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  type Address,
  type CreateShipmentRequest,
  type ImportLabelsQuery,
  type ImportProgress,
  type ImportQuery,
  type ImportResult,
  type ImportRowResult,
  type BatchPrintItem,
  type BulkLabels,
  type BulkLabelsQuery,
  type CustomsBatchRequest,
  type CustomsBatchResponse,
  type LabelResponse,
  type LabelSize,
} from './schemas';
import type { Caller, ShipmentService } from './shipments';
import type { ImportStore, ShipmentRecord, ShipmentStore } from './storage';
import { withSenderAddress } from './settings';
import { validateShipment } from './validate-shipment';

/** A batch's shipments with a label, each with what its documents are drawn from, and an outcome for every one asked. */
export interface LabelBatch {
  results: BatchPrintItem[];
  printable: { row: ShipmentRecord; data: LabelData }[];
}

/** A batch's CN23s and commercial invoices: which shipments, and their A4 PDF (null when none needs one). */
export interface CustomsBatch {
  /** The batch in words, for a problem or a print job's name. */
  what: string;
  shipments: { shipmentId: string; shipmentNumber: string }[];
  document: Buffer | null;
}

/** Checks a create body against the request schema; field path → problem (the operation table's validator). */
export type RequestCheck = (body: unknown) => Record<string, string>;

/** Creates in flight at once: enough to keep the label workers and the group commit busy. */
const CONCURRENCY = 12;
const CHUNK = 64 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Group {
  rows: number[];
  records: string[][];
  reference: string;
}

/** One shipment to make of a group of rows, or why not. */
type Plan =
  | { group: Group; index: number; skip: true }
  | {
      group: Group;
      index: number;
      skip: false;
      request: ReturnType<typeof requestFromRows>;
      problems: Record<string, string>;
    };

/** What every row of one import is created with. */
interface ImportRun {
  query: ImportQuery;
  caller: Caller;
  now: number;
  fileHash: Buffer;
  idempotencyKey: string | undefined;
}

/**
 * The header line's delimiter (whichever of `;` and `,` it holds more of outside quotes)
 * and how many columns it names, counted before the file is parsed.
 */
function headerOf(text: string): { delimiter: ',' | ';'; columns: number } {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 34 /* " */) quoted = !quoted;
    else if (quoted) continue;
    else if (ch === 44 /* , */) commas++;
    else if (ch === 59 /* ; */) semicolons++;
    else if (ch === 10 /* \n */) break;
  }
  return semicolons > commas ? { delimiter: ';', columns: semicolons + 1 } : { delimiter: ',', columns: commas + 1 };
}

const tooManyColumns = (where: string, count: number) =>
  validationError(
    {
      body: `has ${count.toLocaleString('en')} columns ${where}; a file to import may have at most ${IMPORT_MAX_COLUMNS}`,
    },
    `A file to import may have at most ${IMPORT_MAX_COLUMNS} columns.`,
  );

/**
 * Every record of a CSV file (comma or semicolon, with or without BOM), read by csv-parse's
 * stream a chunk at a time; more than `maxRows` after the header is a 400. The watched
 * folder reads its files with it too.
 */
export async function readRecords(csv: string, maxRows = IMPORT_MAX_ROWS): Promise<string[][]> {
  const header = headerOf(csv.replace(/^\uFEFF/, ''));
  if (header.columns > IMPORT_MAX_COLUMNS) throw tooManyColumns('in its header line', header.columns);
  const parser = parse({
    bom: true,
    delimiter: header.delimiter,
    relax_column_count: true,
    skip_empty_lines: true,
  });
  const records: string[][] = [];
  const feeding = (async () => {
    for (let i = 0; i < csv.length; i += CHUNK) {
      if (!parser.write(csv.slice(i, i + CHUNK))) await new Promise((r) => parser.once('drain', r));
    }
    parser.end();
  })();
  try {
    for await (const record of parser) {
      if ((record as string[]).length > IMPORT_MAX_COLUMNS) {
        parser.destroy();
        throw tooManyColumns(`on line ${records.length + 1}`, (record as string[]).length);
      }
      records.push(record as string[]);
      if (records.length > maxRows + 1) {
        parser.destroy();
        throw validationError(
          { body: `has more than ${maxRows.toLocaleString('en')} rows; split the file` },
          `A file may hold at most ${maxRows.toLocaleString('en')} rows.`,
        );
      }
    }
    await feeding;
  } catch (error) {
    if (error instanceof ProblemError) throw error;
    throw validationError({ body: `is not a readable CSV file: ${(error as Error).message}` });
  }
  return records;
}

/** Runs `work` over `items` with at most `limit` at once; results in item order. */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export class ImportService {
  /** Imports running on this station, by user and Idempotency-Key: what the desk's progress bar shows. */
  private readonly running = new Map<string, ImportProgress>();

  constructor(
    private readonly repo: ImportStore,
    private readonly shipments: ShipmentService,
    private readonly catalog: CarrierCatalog,
    private readonly senderAddress: () => Promise<Address>,
    private readonly now: () => number,
    private readonly store: ShipmentStore,
    private readonly labelSize: () => Promise<LabelSize>,
    /** Several shipments' labels, or their A4 customs forms, as one PDF (main/labels, handed in by open-station.ts). */
    private readonly renderBatch: (items: LabelData[], page: BatchPage) => Promise<Buffer>,
  ) {}

  async run(
    csv: string,
    query: ImportQuery,
    caller: Caller,
    check: RequestCheck,
    idempotencyKey?: string,
  ): Promise<ImportResult> {
    const fileHash = createHash('sha256').update(csv).digest();
    if (idempotencyKey !== undefined && !query.dryRun) {
      const previous = await this.repo.byKey(caller.userId, idempotencyKey);
      if (previous) return this.replay(previous.id, previous.result, previous.fileHash, fileHash);
    }
    const records = await readRecords(csv);
    const [header, ...rows] = records;
    if (!header || rows.length === 0) {
      throw validationError({ body: 'has no rows: the first line names the columns, each line after it is a piece' });
    }
    const columns = matchColumns(header.map((h) => h.trim()));
    if (!columns.some((c) => c.field)) {
      throw validationError({ body: `matches no column to a shipment field: ${header.join(', ')}` });
    }
    const groups = groupRows(columns, rows);
    const live = new Set<string>();
    const references = [...new Set(groups.map((g) => g.reference).filter(Boolean))];
    for (let i = 0; i < references.length; i += 1000) {
      for (const ref of await this.repo.liveReferences(references.slice(i, i + 1000))) live.add(ref);
    }
    const defaults = { carrierId: query.carrierId, carrierServiceId: query.carrierServiceId };
    const sender = await this.senderAddress();
    const now = this.now();
    // A reference taken by an earlier group of this file counts as shipped: the later group is skipped.
    const claimed = new Set<string>();
    const plans = groups.map((group, index): Plan => {
      if (group.reference && (live.has(group.reference) || claimed.has(group.reference))) {
        return { group, index, skip: true as const };
      }
      const request = withSenderAddress(requestFromRows(columns, group.records, defaults), sender);
      const problems = check(request);
      if (Object.keys(problems).length === 0 && group.reference) claimed.add(group.reference);
      return { group, index, request, problems, skip: false as const };
    });

    const progress: ImportProgress = { rowsDone: 0, totalRows: rows.length };
    const progressKey =
      idempotencyKey === undefined || query.dryRun ? undefined : `${caller.userId}\u0000${idempotencyKey}`;
    if (progressKey) this.running.set(progressKey, progress);
    try {
      return await this.createAll(plans, columns, progress, { query, caller, now, fileHash, idempotencyKey });
    } finally {
      if (progressKey && this.running.get(progressKey) === progress) this.running.delete(progressKey);
    }
  }

  /** How far a running import of this caller's has got; 404 once it has finished. */
  progress(idempotencyKey: string, caller: Caller): ImportProgress {
    const progress = this.running.get(`${caller.userId}\u0000${idempotencyKey}`);
    if (!progress) throw notFound('A running import with this key');
    return { ...progress };
  }

  private async createAll(
    plans: Plan[],
    columns: MatchedColumn[],
    progress: ImportProgress,
    run: ImportRun,
  ): Promise<ImportResult> {
    const { query, caller, now, fileHash, idempotencyKey } = run;
    const totalRows = progress.totalRows;
    const outcomes = await mapLimited(plans, CONCURRENCY, async (plan) => {
      const outcome = await this.outcome(plan, run);
      progress.rowsDone += plan.group.rows.length;
      return outcome;
    });

    const rowResults: ImportRowResult[] = new Array(totalRows);
    plans.forEach((plan, i) => {
      for (const r of plan.group.rows) rowResults[r] = { row: r + 1, ...outcomes[i]! };
    });
    const result: ImportResult = {
      importId: null,
      dryRun: query.dryRun ?? false,
      createdOn: iso(now),
      totalRows,
      created: count(rowResults, 'created'),
      valid: count(rowResults, 'valid'),
      invalid: count(rowResults, 'invalid'),
      skipped: count(rowResults, 'skipped'),
      columns,
      rows: rowResults,
    };
    if (query.dryRun) return result;
    const saved = await this.repo.save({
      userId: caller.userId,
      key: idempotencyKey ?? null,
      fileHash,
      createdOn: now,
      result: JSON.stringify(result),
    });
    if ('existing' in saved)
      return this.replay(saved.existing.id, saved.existing.result, saved.existing.fileHash, fileHash);
    return { ...result, importId: saved.id };
  }

  /** What becomes of one planned shipment (a group of rows). */
  private async outcome(
    plan: Plan,
    { query, caller, now, fileHash, idempotencyKey }: ImportRun,
  ): Promise<Omit<ImportRowResult, 'row'>> {
    if (plan.skip)
      return { status: 'skipped', reason: `A shipment with reference ${plan.group.reference} exists already.` };
    if (Object.keys(plan.problems).length > 0) return { status: 'invalid', problems: plan.problems };
    try {
      if (query.dryRun) {
        validateShipment(plan.request, this.catalog, now);
        return { status: 'valid' };
      }
      const key = idempotencyKey === undefined ? undefined : shipmentKey(idempotencyKey, fileHash, plan.index);
      const created = await this.shipments.createUnlabelled(plan.request as CreateShipmentRequest, caller, key);
      return { status: 'created', shipmentId: created.shipmentId, shipmentNumber: created.shipmentNumber };
    } catch (error) {
      if (error instanceof ProblemError && error.kind === 'validation')
        return { status: 'invalid', problems: error.members };
      throw error;
    }
  }

  async view(importId: number): Promise<ImportResult> {
    const record = await this.repo.byId(importId);
    if (!record) throw notFound(`Import ${importId}`);
    return { ...(JSON.parse(record.result) as ImportResult), importId: record.id };
  }

  /**
   * Every label the import made, in one document in row order (each shipment once, at its
   * first row): a PDF, or ZPL (§15) for a thermal printer; with `includeCustoms`, each CN22
   * after its shipment's labels, as on a shipment's label route (§17). As the label route
   * does, Not Printed shipments become Printed.
   */
  async labels(importId: number, caller: Caller, query: ImportLabelsQuery = {}): Promise<LabelResponse> {
    const batch = await this.documentBatch(await this.createdShipments(importId), caller, query);
    if (!batch.base64String) throw conflict(`Import ${importId} has no shipment with a label to print.`);
    return { format: batch.format, base64String: batch.base64String };
  }

  /** The shipments an import created (by uuid), each once at its first row, in row order. */
  async createdShipments(importId: number): Promise<string[]> {
    const result = await this.view(importId);
    return [...new Set(result.rows.filter((r) => r.status === 'created').map((r) => r.shipmentId!))];
  }

  /**
   * The labels of several shipments (by uuid) in one PDF, in the order given (with
   * `includeCustoms`, each CN22 after its labels), and what became of each: an unknown or
   * cancelled shipment has no label. Not Printed ones become Printed, as the label route does,
   * unless markPrinted=false.
   */
  async labelBatch(uuids: string[], caller: Caller, query: BulkLabelsQuery = {}): Promise<BulkLabels> {
    return { ...(await this.documentBatch(uuids, caller, query)), format: 'pdf' };
  }

  private async documentBatch(
    uuids: string[],
    caller: Caller,
    query: ImportLabelsQuery & { sheet?: OfficeSheet },
  ): Promise<Omit<BulkLabels, 'format'> & { format: LabelFormat }> {
    const format = query.format ?? 'pdf';
    const batch = await this.batch(uuids, query.includeCustoms === true);
    const document = await this.labelPrinterDocument(batch.printable, {
      format,
      dpi: query.dpi ?? 203,
      sheet: format === 'pdf' ? query.sheet : undefined,
    });
    if (query.markPrinted !== false) await this.markLabelsPrinted(batch.printable, caller);
    const results = batch.results.map(({ shipmentId, shipmentNumber, ok, problem }) => ({
      shipmentId,
      ...(shipmentNumber === undefined ? {} : { shipmentNumber }),
      ok,
      ...(problem === undefined ? {} : { problem }),
    }));
    return { format, base64String: document?.toString('base64') ?? '', results };
  }

  /**
   * Several shipments (by uuid) in the order given, nothing drawn and nothing marked: those
   * with a label, each with what its documents are drawn from (its declaration and form too,
   * when `withCustoms`), and what becomes of each: an unknown or cancelled one has no label.
   */
  async batch(uuids: string[], withCustoms: boolean): Promise<LabelBatch> {
    const found = await mapLimited(uuids, CONCURRENCY, async (uuid) => {
      const row = UUID.test(uuid) ? await this.store.byUuid(uuid.toLowerCase()) : undefined;
      return {
        uuid,
        row,
        data: row && row.status !== 'Cancelled' ? await this.shipments.labelData(row, withCustoms) : undefined,
      };
    });
    const results: BatchPrintItem[] = found.map(({ uuid, row, data }) =>
      !row
        ? { shipmentId: uuid, ok: false, problem: 'There is no such shipment.' }
        : !data
          ? {
              shipmentId: uuid,
              shipmentNumber: row.shipmentNumber,
              ok: false,
              problem: `Shipment ${row.shipmentNumber} is cancelled; its label is void.`,
            }
          : {
              shipmentId: uuid,
              shipmentNumber: row.shipmentNumber,
              ok: true,
              labels: data.pieces.length,
              ...(data.customs ? { customsForm: data.customs.form } : {}),
            },
    );
    const printable = found.flatMap(({ row, data }) => (row && data ? [{ row, data }] : []));
    return { results, printable };
  }

  /**
   * A batch's document for the label printer, in its order: each shipment's labels, then its
   * CN22 when its data carries one (ShipmentService.labelPrinterDocument, one shipment's
   * document). Null when the batch has no shipment with a label.
   */
  async labelPrinterDocument(
    printable: LabelBatch['printable'],
    options: { format: LabelFormat; dpi: LabelDpi; size?: LabelSize; sheet?: OfficeSheet | null | undefined },
  ): Promise<Buffer | null> {
    if (printable.length === 0) return null;
    const size = options.size ?? (await this.labelSize());
    if (options.format === 'zpl') {
      // ZPL labels follow one another in one stream: each shipment's own ZPL, drawn in the
      // label workers, joined in the order asked.
      return Buffer.concat(
        await mapLimited(printable, CONCURRENCY, (s) =>
          this.shipments.labelPrinterDocument(s.data, { format: 'zpl', dpi: options.dpi, size }),
        ),
      );
    }
    return this.renderBatch(
      printable.map((s) => s.data),
      options.sheet ?? size,
    );
  }

  /** A batch's document for the A4 printer: every CN23 with its commercial invoice, in order; null when none needs one. */
  async a4Forms(printable: LabelBatch['printable']): Promise<Buffer | null> {
    const forms = printable.filter((s) => s.data.customs?.form === 'CN23');
    return forms.length === 0
      ? null
      : this.renderBatch(
          forms.map((s) => s.data),
          'A4',
        );
  }

  /** A batch's CN23s and invoices as the window prints them: one A4 PDF, empty when none needs one. */
  async customsBatchPdf(request: CustomsBatchRequest): Promise<CustomsBatchResponse> {
    const { shipments, document } = await this.customsBatch(request);
    return { format: 'pdf', base64String: document?.toString('base64') ?? '', shipments };
  }

  /**
   * The CN23s and commercial invoices of a batch whose labels went through the window: a
   * selection's, or imports' (each import's shipments in row order, imports in the order
   * given). Nothing is marked: the labels are what make a shipment Printed. A batch with no
   * shipment with a label is a 409, as its labels are; one with no CN23 has no document.
   */
  async customsBatch(request: CustomsBatchRequest): Promise<CustomsBatch> {
    const { shipmentIds, importIds } = request;
    if ((shipmentIds === undefined) === (importIds === undefined)) {
      const say = 'give shipmentIds or importIds: exactly one of them';
      throw validationError(
        { shipmentIds: say, importIds: say },
        'Give shipmentIds or importIds: exactly one of them.',
      );
    }
    const uuids = shipmentIds ?? [
      ...new Set((await Promise.all(importIds!.map((id) => this.createdShipments(id)))).flat()),
    ];
    const what = shipmentIds
      ? `the ${uuids.length === 1 ? 'shipment' : `${uuids.length} shipments`}`
      : `import ${importIds!.join(', ')}`;
    const { printable } = await this.batch(uuids, true);
    if (printable.length === 0) throw conflict(`There is no label to print: ${what} has no shipment with a label.`);
    const shipments = printable
      .filter((s) => s.data.customs?.form === 'CN23')
      .map((s) => ({ shipmentId: s.row.uuid, shipmentNumber: s.row.shipmentNumber }));
    return { what, shipments, document: await this.a4Forms(printable) };
  }

  /**
   * Not Printed → Printed for shipments whose labels were printed (or fetched to print): one
   * write for the whole batch. `description` says where, per shipment when it differs.
   */
  async markLabelsPrinted(
    shipments: { row: ShipmentRecord }[],
    caller: Caller,
    description: (row: ShipmentRecord) => string = () => 'Label printed',
  ): Promise<void> {
    const marks = shipments
      .filter((s) => s.row.status === 'Not Printed')
      .map((s) => ({ shipmentId: s.row.id, description: description(s.row) }));
    if (marks.length > 0) await this.store.markPrinted(marks, { user: caller.username, occurredOn: this.now() });
  }

  private replay(id: number, result: string, storedHash: Buffer, fileHash: Buffer): ImportResult {
    if (!storedHash.equals(fileHash)) throw conflict('This Idempotency-Key was already used with a different file.');
    return { ...(JSON.parse(result) as ImportResult), importId: id };
  }
}

const count = (rows: ImportRowResult[], status: ImportRowResult['status']) =>
  rows.filter((r) => r.status === status).length;

/** Each shipment of a keyed import has a create key of its own: a retry of the import creates it once. */
function shipmentKey(importKey: string, fileHash: Buffer, index: number): string {
  const digest = createHash('sha256').update(importKey).update(fileHash).digest('base64url').slice(0, 32);
  return `import:${digest}:${index}`;
}

/** Rows sharing a reference and a group are one shipment; every other row is one of its own. */
function groupRows(columns: MatchedColumn[], rows: string[][]): Group[] {
  const refAt = referenceColumn(columns);
  const groupAt = groupColumn(columns);
  const groups: Group[] = [];
  const byKey = new Map<string, Group>();
  rows.forEach((record, r) => {
    const reference = refAt < 0 ? '' : (record[refAt] ?? '').trim();
    const group = groupAt < 0 ? '' : (record[groupAt] ?? '').trim();
    const key = reference && group ? `${reference}\u0000${group}` : null;
    const existing = key ? byKey.get(key) : undefined;
    if (existing) {
      existing.rows.push(r);
      existing.records.push(record);
      return;
    }
    const made: Group = { rows: [r], records: [record], reference };
    groups.push(made);
    if (key) byKey.set(key, made);
  });
  return groups;
}
