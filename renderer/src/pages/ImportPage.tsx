/**
 * Import a file (docs/contract.md §14): choose a CSV or drop it on the window, see its columns
 * matched (map the others once: this desk remembers it for files with the same header),
 * check it with a dry run, create the shipments, fix invalid rows in the grid and retry
 * them, then print every label in one job.
 */
import { useEffect, useRef, useState } from 'react';
import type { OutputOf } from '../../../main/operations/spec';
import { api } from '../api';
import { DidItPrint } from '../components/DidItPrint';
import { ErrorNotice, Notice } from '../components/Notice';
import { StatusChip } from '../components/StatusChip';
import { humanPath } from '../lib/field-errors';
import { formatNumber, plural } from '../lib/format';
import {
  batchPrintLine,
  hasLabelPrinter,
  printBatchCustomsForms,
  printBatchInWindow,
  printLabelsOnLabelPrinter,
  type PrintedCheck,
} from '../lib/printing';
import {
  IMPORT_FIELDS,
  importFieldLabel,
  readImportFile,
  rememberMapping,
  rememberedMapping,
  writeImportFile,
  type ImportFile,
} from '../lib/import-file';
import { useLoad } from '../hooks/use-load';

type Result = OutputOf<'createImport'>;
type RowResult = Result['rows'][number];
type Progress = OutputOf<'getImportProgress'>;

/** How often the desk asks a running import how far it has got. */
const PROGRESS_EVERY_MS = 250;

/**
 * Runs an import sent with `key`, asking the station meanwhile how many of its rows are
 * done: a file of thousands of rows takes seconds, and the operator sees it move.
 */
async function withProgress<T>(
  key: string,
  totalRows: number,
  show: (p: Progress | null) => void,
  work: Promise<T>,
): Promise<T> {
  let running = true;
  show({ rowsDone: 0, totalRows });
  const poll = async () => {
    while (running) {
      await new Promise((resolve) => setTimeout(resolve, PROGRESS_EVERY_MS));
      // 404 before the station has read the file and after it has finished: nothing to show.
      const progress = await api.getImportProgress({ params: { idempotencyKey: key } }).catch(() => null);
      if (running && progress) show(progress);
    }
  };
  void poll();
  try {
    return await work;
  } finally {
    running = false;
    show(null);
  }
}

const problemDomId = (row: number, field: string) => `row-${row}-problem-${field.replace(/[^A-Za-z0-9]+/g, '-')}`;

/** The problem (its path) about the field a column is mapped to: `shipmentPieces[0].weight` for `shipmentPieces.weight`. */
function problemOfColumn(problems: Record<string, string> | undefined, field: string): string | undefined {
  if (!problems || !field) return undefined;
  return Object.keys(problems).find((path) => path.replace(/\[\d+\]/g, '') === field);
}

export function ImportPage() {
  const carriers = useLoad('carriers', () => api.listCarriers());
  const [carrierId, setCarrierId] = useState(1);
  // Imported rows are outbound shipments: return services are for returns made from a shipment.
  const services = useLoad(`services-${carrierId}`, async () => {
    const list = await api.listCarrierServices({ params: { carrierId: String(carrierId) } });
    return { items: list.items.filter((s) => !s.isReturn) };
  });
  const [serviceId, setServiceId] = useState<number | null>(null);
  const [file, setFile] = useState<ImportFile | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [check, setCheck] = useState<Result | null>(null);
  const [rows, setRows] = useState<RowResult[] | null>(null);
  const [importIds, setImportIds] = useState<number[]>([]);
  const [busy, setBusy] = useState<'checking' | 'creating' | 'printing' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [news, setNews] = useState<string | null>(null);
  const [key, setKey] = useState('');
  const [progress, setProgress] = useState<Progress | null>(null);
  const service = serviceId ?? services.data?.items[0]?.id ?? null;
  const [newsTone, setNewsTone] = useState<'success' | 'warning'>('success');
  /** Labels printed through the browser, waiting for the operator to say whether they came out. */
  const [printedCheck, setPrintedCheck] = useState<PrintedCheck | null>(null);
  // Where the cursor goes once an action has finished (its button was disabled meanwhile):
  // the first field to fix, else the next step's button; never the page.
  // Each request is a new object, so asking twice for the same place moves the cursor twice.
  const [focusNext, setFocusNext] = useState<{ after: 'checked' | 'created' | 'printed' } | null>(null);
  const focusDone = useRef<object | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const printButton = useRef<HTMLButtonElement>(null);
  const fixSection = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focusNext === null || focusDone.current === focusNext || busy !== null || printedCheck !== null) return;
    focusDone.current = focusNext;
    const { after } = focusNext;
    const firstFix = after === 'printed' ? null : fixSection.current?.querySelector<HTMLElement>('input, button');
    const next = after === 'checked' ? createButton.current : printButton.current;
    (firstFix ?? next)?.focus();
  }, [focusNext, busy, printedCheck]);

  const load = async (chosen: File) => {
    setError(null);
    setNews(null);
    setCheck(null);
    setRows(null);
    setImportIds([]);
    try {
      const read = readImportFile(chosen.name, await chosen.text());
      setFile(read);
      setMapping(rememberedMapping(read.header));
      // One key per file chosen: a second click on Create replays instead of creating twice.
      setKey(crypto.randomUUID());
    } catch (e) {
      setFile(null);
      setError(e);
    }
  };

  // Dropping a file anywhere on the window chooses it.
  useEffect(() => {
    const over = (event: DragEvent) => event.preventDefault();
    const drop = (event: DragEvent) => {
      event.preventDefault();
      const dropped = event.dataTransfer?.files[0];
      if (dropped) void load(dropped);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);

  const query = (dryRun: boolean) => ({ dryRun, carrierId, ...(service ? { carrierServiceId: service } : {}) });

  /** The dry run; `moveOn` takes the cursor to what is next (not while columns are being mapped). */
  const runCheck = async (map = mapping, moveOn = true) => {
    if (!file) return;
    setBusy('checking');
    setError(null);
    try {
      setCheck(await api.createImport({ body: writeImportFile(file, map), query: query(true), headers: {} }));
      if (moveOn) setFocusNext({ after: 'checked' });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  const mapColumn = (header: string, field: string) => {
    const next = { ...mapping, [header]: field };
    setMapping(next);
    rememberMapping(file!.header, next);
    void runCheck(next, false);
  };

  const create = async () => {
    if (!file) return;
    setBusy('creating');
    setError(null);
    try {
      const result = await withProgress(
        key,
        file.rows.length,
        setProgress,
        api.createImport({
          body: writeImportFile(file, mapping),
          query: query(false),
          headers: { 'idempotency-key': key },
        }),
      );
      setRows(result.rows);
      if (result.importId !== null) setImportIds([result.importId]);
      setNewsTone('success');
      setNews(
        `${plural(result.created, 'row')} created, ${formatNumber(result.invalid)} invalid, ${formatNumber(result.skipped)} skipped.`,
      );
      setFocusNext({ after: 'created' });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  const invalidRows = rows?.filter((r) => r.status === 'invalid').map((r) => r.row - 1) ?? [];

  /** Retries the invalid rows, or `alone` the rows of one fixed shipment. */
  const retry = async (which = invalidRows, alone = false) => {
    if (!file || which.length === 0) return;
    setBusy('creating');
    setError(null);
    try {
      const retryKey = crypto.randomUUID();
      const result = await withProgress(
        retryKey,
        which.length,
        setProgress,
        api.createImport({
          body: writeImportFile(file, mapping, which),
          query: query(false),
          headers: { 'idempotency-key': retryKey },
        }),
      );
      const next = [...rows!];
      result.rows.forEach((r, i) => {
        const original = which[i]!;
        next[original] = { ...r, row: original + 1 };
      });
      setRows(next);
      if (result.importId !== null) setImportIds((ids) => [...ids, result.importId!]);
      setNewsTone(result.invalid ? 'warning' : 'success');
      setNews(
        !alone
          ? `Retried ${plural(which.length, 'row')}: ${result.created} created, ${result.invalid} still invalid.`
          : `Retried row ${which.map((i) => i + 1).join(', ')}: ${result.invalid ? 'still invalid' : 'created'}.`,
      );
      setFocusNext({ after: 'created' });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  /** The rows of `index`'s shipment (a reference and group shared), in file order: retried together. */
  const shipmentRowsOf = (index: number, among: number[]): number[] => {
    if (!file) return [index];
    const columnOf = (field: string) => file.header.findIndex((h, i) => fieldOf(h, i) === field);
    const [reference, group] = [columnOf('referenceOne'), columnOf('group')];
    if (reference < 0 || group < 0 || !file.rows[index]?.[group]) return [index];
    const same = (i: number) =>
      file.rows[i]?.[reference] === file.rows[index]?.[reference] &&
      file.rows[i]?.[group] === file.rows[index]?.[group];
    return among.filter(same);
  };

  /** A dry run of the fixed row (with its shipment's other rows) alone: the rest of the file is not checked again. */
  const checkRows = async (which: number[]) => {
    if (!file || !check) return;
    setBusy('checking');
    setError(null);
    try {
      const result = await api.createImport({
        body: writeImportFile(file, mapping, which),
        query: query(true),
        headers: {},
      });
      const next = [...check.rows];
      result.rows.forEach((r, i) => {
        const original = which[i]!;
        next[original] = { ...r, row: original + 1 };
      });
      const count = (status: RowResult['status']) => next.filter((r) => r.status === status).length;
      setCheck({ ...check, rows: next, valid: count('valid'), invalid: count('invalid'), skipped: count('skipped') });
      setFocusNext({ after: 'checked' });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  const printAll = async () => {
    setBusy('printing');
    setError(null);
    try {
      setNewsTone('success');
      setNews((await hasLabelPrinter()) ? await printOnLabelPrinter() : await printInWindow());
      setFocusNext({ after: 'printed' });
    } catch (e) {
      setError(e);
      setFocusNext({ after: 'printed' });
    } finally {
      setBusy(null);
    }
  };

  /**
   * The desk's label printer takes every label as one job, in its own format: the import's,
   * or after retries (several imports) the created shipments in the grid's row order.
   */
  const printOnLabelPrinter = async () => {
    const created = [...new Set((rows ?? []).flatMap((r) => (r.status === 'created' ? [r.shipmentId!] : [])))];
    const sent = await printLabelsOnLabelPrinter(
      importIds.length === 1 ? { importId: importIds[0]! } : { shipmentIds: created },
    );
    return `Printed: ${batchPrintLine(sent)}.`;
  };

  const printInWindow = async () => {
    const printed: number[] = [];
    let asked: PrintedCheck | undefined;
    for (const id of importIds) {
      // A CN22 travels with the labels, as on a shipment's own print (docs/contract.md §17).
      // Nothing is marked yet: the browser cannot say whether they printed, the operator can.
      const query = { includeCustoms: true, markPrinted: false };
      const labels = await api.getImportLabels({ params: { importId: String(id) }, query }).catch((e: unknown) => {
        // An import that created nothing has nothing to print.
        if ((e as { status?: number }).status === 409) return null;
        throw e;
      });
      if (labels) {
        const shipments = new Set((rows ?? []).flatMap((r) => (r.status === 'created' ? [r.shipmentId!] : []))).size;
        const went = await printBatchInWindow(labels.base64String, shipments, async () => {
          await api.getImportLabels({ params: { importId: String(id) }, query: {} });
        });
        if (went.refused) throw new Error(went.refused);
        printed.push(id);
        // One question for the whole batch: the marks of every import it printed.
        if (went.check) {
          const before = asked?.markPrinted;
          const mark = went.check.markPrinted;
          asked = {
            shipments,
            markPrinted: async () => {
              await before?.();
              await mark();
            },
          };
        }
      }
    }
    // Then every CN23 and invoice of the batch on A4, as one job or one second print.
    const forms = printed.length ? (await printBatchCustomsForms({ importIds: printed })).message : '';
    if (asked) setPrintedCheck(asked);
    return `Labels sent to print.${forms}`;
  };

  const editCell = (row: number, column: number, value: string) => {
    if (!file) return;
    const copy = file.rows.map((r, i) => (i === row ? Object.assign([...r], { [column]: value }) : r));
    setFile({ ...file, rows: copy });
  };

  const fieldOf = (header: string, i: number) => mapping[header] || check?.columns[i]?.field || '';
  const shown = rows ?? check?.rows ?? null;
  /** The rows still refused, with what is wrong: each gets a small form of its bad fields only. */
  const fixRows = (shown ?? []).filter((r) => r.status === 'invalid' && r.problems);

  return (
    <div className="page page-wide">
      <header className="page-header">
        <div>
          <h1>Import a file</h1>
          <p className="page-sub">A CSV file of orders, one piece a row: check it first, then create the shipments.</p>
        </div>
      </header>

      {error ? <ErrorNotice error={error} /> : null}
      {news ? <Notice tone={newsTone}>{news}</Notice> : null}
      <DidItPrint
        check={printedCheck}
        onAnswered={(answer) => {
          setPrintedCheck(null);
          setNewsTone(answer.tone === 'success' ? 'success' : 'warning');
          setNews(`${news ?? ''} ${answer.text}`.trim());
          setFocusNext({ after: 'printed' });
        }}
      />

      <section className="card import-choose" aria-label="File">
        <div className="filters">
          <div className="field">
            <label className="field-label" htmlFor="import-file">
              CSV file
            </label>
            <input
              id="import-file"
              className="input"
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => e.target.files?.[0] && void load(e.target.files[0])}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor="import-carrier">
              Carrier for rows without one
            </label>
            <select
              id="import-carrier"
              className="select"
              value={carrierId}
              onChange={(e) => {
                setCarrierId(Number(e.target.value));
                setServiceId(null);
              }}
            >
              {carriers.data?.items.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="import-service">
              Service for rows without one
            </label>
            <select
              id="import-service"
              className="select"
              value={service ?? ''}
              onChange={(e) => setServiceId(Number(e.target.value))}
            >
              {services.data?.items.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="card-note">Or drop the file anywhere on this window.</p>
        {file ? (
          <div className="import-actions">
            <span>
              {file.name}: {plural(file.rows.length, 'row')}
            </span>
            <button type="button" className="button" disabled={busy !== null} onClick={() => void runCheck()}>
              {busy === 'checking' ? 'Checking…' : 'Check (dry run)'}
            </button>
            <button
              ref={createButton}
              type="button"
              className="button button-primary"
              disabled={busy !== null || !check || rows !== null}
              onClick={() => void create()}
            >
              Create shipments
            </button>
            {invalidRows.length > 0 ? (
              <button type="button" className="button" disabled={busy !== null} onClick={() => void retry()}>
                Retry {plural(invalidRows.length, 'fixed row')}
              </button>
            ) : null}
            {importIds.length > 0 ? (
              <button
                ref={printButton}
                type="button"
                className="button"
                disabled={busy !== null}
                onClick={() => void printAll()}
              >
                {busy === 'printing' ? 'Printing…' : 'Print all labels'}
              </button>
            ) : null}
          </div>
        ) : null}
        {busy === 'creating' && progress ? (
          <div role="status" className="import-progress">
            <progress aria-label="Creating shipments" max={progress.totalRows} value={progress.rowsDone} />
            <span className="tabular">
              {formatNumber(progress.rowsDone)} of {plural(progress.totalRows, 'row')} done
            </span>
          </div>
        ) : null}
      </section>

      {file && fixRows.length > 0 ? (
        <section className="card import-fix" aria-labelledby="fix-heading" ref={fixSection}>
          <h2 id="fix-heading" className="card-title">
            Rows to fix <span className="count">{fixRows.length}</span>
          </h2>
          <p className="card-note">
            Correct each marked field; Enter {rows ? 'creates that row' : 'checks that row'} alone, without the rest of
            the file.
          </p>
          {fixRows.map((r) => {
            const index = r.row - 1;
            const reference = file.rows[index]?.[file.header.findIndex((h, i) => fieldOf(h, i) === 'referenceOne')];
            const which = shipmentRowsOf(
              index,
              fixRows.map((f) => f.row - 1),
            );
            return (
              <form
                key={r.row}
                className="fix-row"
                aria-label={`Fix row ${r.row}`}
                onSubmit={(event) => {
                  event.preventDefault();
                  void (rows ? retry(which, true) : checkRows(which));
                }}
              >
                <h3 className="fix-row-title">
                  Row {r.row}
                  {reference ? <span className="mono"> {reference}</span> : null}
                </h3>
                {Object.entries(r.problems ?? {}).map(([path, text]) => {
                  const column = file.header.findIndex((h, i) => problemOfColumn({ [path]: text }, fieldOf(h, i)));
                  const id = `fix-${r.row}-${path.replace(/[^A-Za-z0-9]+/g, '-')}`;
                  return (
                    <div className="fix-field" key={path}>
                      {column >= 0 ? (
                        <>
                          <label className="field-label" htmlFor={id}>
                            {file.header[column]}
                          </label>
                          <input
                            id={id}
                            className="input"
                            aria-invalid="true"
                            aria-describedby={`${id}-message`}
                            value={file.rows[index]?.[column] ?? ''}
                            onChange={(e) => editCell(index, column, e.target.value)}
                          />
                        </>
                      ) : null}
                      <p id={`${id}-message`} className="field-error">
                        <b>{humanPath(path)}</b> {text}
                        {column < 0 ? ' (the file has no column for it: add one, or map a column to it below)' : ''}
                      </p>
                    </div>
                  );
                })}
                <button type="submit" className="button" disabled={busy !== null}>
                  {rows ? `Retry row ${r.row}` : `Check row ${r.row}`}
                  {which.length > 1 ? ` with its shipment’s ${plural(which.length - 1, 'other row')}` : ''}
                </button>
              </form>
            );
          })}
        </section>
      ) : null}

      {file && check ? (
        <section className="card" aria-label="Columns">
          <h2 className="card-title">Columns</h2>
          {check.dryRun && !rows ? (
            <p className="card-note" role="status">
              Dry run: {formatNumber(check.valid)} valid, {formatNumber(check.invalid)} invalid,{' '}
              {formatNumber(check.skipped)} skipped of {plural(check.totalRows, 'row')}.
            </p>
          ) : null}
          <table className="table" aria-label="Columns matched">
            <thead>
              <tr>
                <th scope="col">Column of the file</th>
                <th scope="col">Shipment field</th>
              </tr>
            </thead>
            <tbody>
              {file.header.map((h, i) => (
                <tr key={`${h}-${i}`}>
                  <td>{h}</td>
                  <td>
                    <select
                      className="select"
                      aria-label={`Field for column ${h}`}
                      value={fieldOf(h, i)}
                      onChange={(e) => mapColumn(h, e.target.value)}
                    >
                      <option value="">— not imported —</option>
                      {IMPORT_FIELDS.map((f) => (
                        <option key={f} value={f}>
                          {importFieldLabel(f)}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      {file && shown ? (
        <section className="card" aria-label="Rows">
          <h2 className="card-title">Rows</h2>
          <div className="table-wrap">
            <table className="table import-rows" aria-label="Rows of the file">
              <thead>
                <tr>
                  <th scope="col" className="num">
                    Row
                  </th>
                  <th scope="col">Outcome</th>
                  {file.header.map((h, i) => (
                    <th scope="col" key={`${h}-${i}`}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => {
                  const index = r.row - 1;
                  const editable = r.status === 'invalid';
                  return (
                    <tr key={r.row} data-status={r.status}>
                      <td className="num tabular">{r.row}</td>
                      <td>
                        <StatusChip status={r.status} />
                        {r.shipmentNumber ? <span className="mono"> {r.shipmentNumber}</span> : null}
                        {r.reason ? <div className="muted">{r.reason}</div> : null}
                        {r.problems ? (
                          <ul className="import-problems">
                            {Object.entries(r.problems).map(([field, text]) => (
                              <li key={field} id={problemDomId(r.row, field)}>
                                <b>{humanPath(field)}</b> {text}
                              </li>
                            ))}
                          </ul>
                        ) : null}
                      </td>
                      {file.header.map((h, c) => {
                        // The cell whose column holds a field the row's problems name: marked, and its message read with it.
                        const named = editable ? problemOfColumn(r.problems, fieldOf(h, c)) : undefined;
                        return (
                          <td key={`${h}-${c}`}>
                            {editable ? (
                              <input
                                className="input input-cell"
                                aria-invalid={named ? true : undefined}
                                aria-describedby={named ? problemDomId(r.row, named) : undefined}
                                aria-label={`Row ${r.row} ${h}`}
                                value={file.rows[index]?.[c] ?? ''}
                                onChange={(e) => editCell(index, c, e.target.value)}
                              />
                            ) : (
                              file.rows[index]?.[c]
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {!file ? <p className="empty">Choose a CSV file to begin.</p> : null}
    </div>
  );
}
