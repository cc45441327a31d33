/**
 * Settings → Printers, the printer doctor: this desk's printers as the station sees them
 * (the system's queues and network label printers added by address), which one prints
 * labels and how (format, dpi, label size or office sheets), a test page that shows whether the dpi is right,
 * and how the last job went. Kept by this desk, even when desks share one database.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Static } from 'typebox';
import {
  OFFICE_SHEETS,
  SHEET_LABEL_SIZE,
  type OfficeSheet,
  type PrinterOverviewSchema,
} from '../../../main/core/schemas';
import { api, errorsToShow } from '../api';
import { SelectField, TextField } from '../components/Field';
import { ErrorNotice, Notice } from '../components/Notice';
import { useLoad } from '../hooks/use-load';
import { SettingsSection } from './SettingsSection';

type Overview = Static<typeof PrinterOverviewSchema>;
type Choice = Overview['labelPrinter'];

/** A roll of one label size, or office sheets of labels (PDF): what comes out of the printer. */
const PAPERS: { value: string; label: string }[] = [
  { value: '4x6', label: '4×6 in labels' },
  { value: 'A6', label: 'A6 labels' },
  { value: 'A4-2x4x6', label: 'Two 4×6 in labels on A4' },
  { value: 'Letter-2x4x6', label: 'Two 4×6 in labels on Letter' },
  { value: 'A4-4xA6', label: 'Four A6 labels on A4' },
];
const isSheet = (value: string): value is OfficeSheet => (OFFICE_SHEETS as readonly string[]).includes(value);

/** What Save printers did, in a line: "Printers saved: labels on Dock Zebra (ZPL, 203 dpi, 4×6 in); no A4 printer." */
function savedLine(o: Overview): string {
  const name = (id: string | null) => o.items.find((p) => p.id === id)?.name ?? id;
  const choice = o.labelPrinter;
  const labels = choice.printerId
    ? `labels on ${name(choice.printerId)} (${choice.format.toUpperCase()}, ${choice.dpi} dpi, ${choice.pageSize === '4x6' ? '4×6 in' : 'A6'})`
    : 'labels print through the window';
  const a4 = choice.documentPrinterId ? `customs forms on ${name(choice.documentPrinterId)}` : 'no A4 printer';
  return `Printers saved: ${labels}; ${a4}.`;
}

function LastJob({ job }: { job: Overview['lastJob'] }) {
  if (!job) return <p className="muted">No job sent from this desk yet.</p>;
  const when = new Date(job.at).toLocaleString();
  return job.ok ? (
    <p data-testid="last-job">
      Last job: {job.what} on {job.printerName}, {when} — <strong>taken by the printer</strong>.
    </p>
  ) : (
    <p className="notice notice-error" data-testid="last-job" role="status">
      <span>
        Last job: {job.what} on {job.printerName}, {when} — <strong>not printed</strong>: {job.error}
      </span>
    </p>
  );
}

export function PrintersPanel() {
  const loaded = useLoad('desk-printers', () => api.listPrinters());
  return (
    <SettingsSection
      headingId="printers-heading"
      title="Printers"
      intro="This desk’s label printer, and its A4 printer for customs forms. Kept by this desk only."
    >
      {loaded.error ? <ErrorNotice error={loaded.error} /> : null}
      {loaded.data ? (
        <PrinterDoctor initial={loaded.data} />
      ) : loaded.error ? null : (
        <span className="muted">Looking for printers…</span>
      )}
    </SettingsSection>
  );
}

function PrinterDoctor({ initial }: { initial: Overview }) {
  const [overview, setOverview] = useState<Overview>(initial);
  const [choice, setChoice] = useState<Choice>(initial.labelPrinter);
  const [address, setAddress] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  /** What the last action did, said beside the button that did it (where the cursor is). */
  const [message, setMessage] = useState<{ what: string; text: string } | null>(null);
  // Every button is disabled while one works, which drops the cursor to the page: once done
  // it goes to the first marked field of the form acted on, else back to where it was.
  const addForm = useRef<HTMLFormElement>(null);
  const labelForm = useRef<HTMLFormElement>(null);
  const pendingFocus = useRef<{ what: string; before: Element | null } | null>(null);
  useEffect(() => {
    const refocus = pendingFocus.current;
    if (!refocus || busy !== null) return;
    pendingFocus.current = null;
    const form = refocus.what === 'add' || refocus.what === 'remove' ? addForm.current : labelForm.current;
    const marked = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const before = refocus.before instanceof HTMLElement && refocus.before.isConnected ? refocus.before : null;
    // After an add the address field is empty again, ready for the next printer.
    const fallback = form?.querySelector<HTMLElement>(refocus.what === 'add' ? 'input' : 'button[type="submit"]');
    (marked ?? (refocus.what === 'add' || refocus.what === 'remove' ? fallback : (before ?? fallback)))?.focus();
  }, [busy]);

  async function act(what: string, run: () => Promise<Overview | string>, said?: (o: Overview) => string) {
    const before = document.activeElement;
    setBusy(what);
    setError(null);
    setMessage(null);
    try {
      const result = await run();
      if (typeof result === 'string') {
        setMessage({ what, text: result });
        setOverview(await api.listPrinters());
      } else {
        setOverview(result);
        setChoice(result.labelPrinter);
        if (said) setMessage({ what, text: said(result) });
      }
    } catch (failure) {
      setError(failure);
      // A failed test page is recorded as the last job: show it.
      setOverview(await api.listPrinters().catch(() => overview));
    } finally {
      pendingFocus.current = { what, before };
      setBusy(null);
    }
  }

  const add = (event: FormEvent) => {
    event.preventDefault();
    const known = new Set(overview.items.map((p) => p.id));
    void act(
      'add',
      async () => {
        const result = await api.addNetworkPrinter({ body: { address, ...(name.trim() ? { name } : {}) } });
        setAddress('');
        setName('');
        return result;
      },
      (o) => {
        const added = o.items.find((p) => !known.has(p.id));
        return `${added?.name ?? 'The printer'} added. Choose it as the label printer below, then Save printers.`;
      },
    );
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    void act('save', () => api.chooseLabelPrinter({ body: choice }), savedLine);
  };
  const testPage = () =>
    void act('test', async () => {
      const r = await api.printTestPage({ query: {} });
      return `Test page sent to ${r.printer} as ${r.format.toUpperCase()} at ${r.dpi} dpi. Measure its ruler: 1 cm should be 1 cm.`;
    });

  // A 400 names fields beside them; a printer's 503 says which printer and why, once.
  const { byField, notice } = errorsToShow(error, [
    'address',
    'name',
    'printerId',
    'format',
    'dpi',
    'pageSize',
    'sheet',
    'documentPrinterId',
  ]);
  const printers = overview.items;
  return (
    <>
      {overview.systemError ? (
        <p className="field-hint">System printers could not be listed: {overview.systemError}</p>
      ) : null}
      <ul className="printer-list" aria-label="Printers of this desk">
        {printers.map((p) => (
          <li key={p.id}>
            <span>{p.name}</span>{' '}
            <span className="muted">{p.kind === 'network' ? `network, ${p.address}` : 'system queue'}</span>
            {p.kind === 'network' ? (
              <button
                type="button"
                className="button button-small"
                disabled={busy !== null}
                onClick={() =>
                  void act(
                    'remove',
                    () => api.removeNetworkPrinter({ params: { printerId: p.id } }),
                    () => `${p.name} removed.`,
                  )
                }
                aria-label={`Remove ${p.name}`}
              >
                Remove
              </button>
            ) : null}
          </li>
        ))}
        {printers.length === 0 ? <li className="muted">No printers yet: add a network label printer below.</li> : null}
      </ul>

      <form ref={addForm} className="stack" onSubmit={add} noValidate aria-label="Add a network printer">
        <TextField
          path="address"
          idScope="printer"
          label="Network printer address"
          hint="host:port of a label printer on the network; the port is 9100 when left out."
          autoComplete="off"
          spellCheck={false}
          value={address}
          onValue={setAddress}
          error={byField.address}
        />
        <TextField
          path="name"
          idScope="printer"
          label="Name (optional)"
          value={name}
          onValue={setName}
          error={byField.name}
        />
        <div className="button-group">
          <button type="submit" className="button" disabled={busy !== null || address.trim() === ''}>
            Add printer
          </button>
          {message && (message.what === 'add' || message.what === 'remove') ? (
            <Notice tone="success">{message.text}</Notice>
          ) : null}
        </div>
      </form>

      {
        <form ref={labelForm} className="stack" onSubmit={save} noValidate aria-label="Label printer">
          <SelectField
            path="printerId"
            idScope="label-printer"
            label="Label printer"
            value={choice.printerId ?? ''}
            onValue={(v) => setChoice({ ...choice, printerId: v || null })}
            error={byField.printerId}
          >
            <option value="">None: print through the window</option>
            {printers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            path="format"
            idScope="label-printer"
            label="Format"
            hint="ZPL for Zebra and compatible thermal printers; PDF for any other printer."
            value={choice.format}
            onValue={(v) => setChoice({ ...choice, format: v as Choice['format'] })}
            error={byField.format}
          >
            <option value="zpl">ZPL (thermal label printer)</option>
            <option value="pdf">PDF</option>
          </SelectField>
          <SelectField
            path="dpi"
            idScope="label-printer"
            label="Printer resolution"
            hint="203 dpi (8 dots/mm) for most desk printers; 300 dpi (12 dots/mm) when its label says so. The test page shows which."
            value={String(choice.dpi)}
            onValue={(v) => setChoice({ ...choice, dpi: Number(v) as Choice['dpi'] })}
            error={byField.dpi}
          >
            <option value="203">203 dpi</option>
            <option value="300">300 dpi</option>
          </SelectField>
          <SelectField
            path="pageSize"
            idScope="label-printer"
            label="Labels"
            hint="A label printer takes a roll; an office printer takes sheets of labels (PDF), filled in order."
            value={choice.sheet ?? choice.pageSize}
            onValue={(v) =>
              setChoice(
                isSheet(v)
                  ? { ...choice, sheet: v, pageSize: SHEET_LABEL_SIZE[v], format: 'pdf' }
                  : { ...choice, sheet: null, pageSize: v as Choice['pageSize'] },
              )
            }
            error={byField.pageSize ?? byField.sheet}
          >
            {PAPERS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </SelectField>
          <SelectField
            path="documentPrinterId"
            idScope="label-printer"
            label="A4 printer"
            hint="For a CN23 and its commercial invoice (international shipments above the CN22 limit), printed as PDF at A4: an office printer’s queue, or a network printer that takes PDF. A CN22 prints with the labels."
            value={choice.documentPrinterId ?? ''}
            onValue={(v) => setChoice({ ...choice, documentPrinterId: v || null })}
            error={byField.documentPrinterId}
          >
            <option value="">None: no A4 printer</option>
            {printers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </SelectField>
          <div className="button-group">
            <button type="submit" className="button button-primary" disabled={busy !== null}>
              Save printers
            </button>
            <button
              type="button"
              className="button"
              disabled={busy !== null || !overview.labelPrinter.printerId}
              onClick={testPage}
            >
              Print test page
            </button>
            {message && (message.what === 'save' || message.what === 'test') ? (
              <Notice tone="success">{message.text}</Notice>
            ) : null}
          </div>
        </form>
      }
      {notice ? (
        <p className="notice notice-error" role="alert">
          {notice}
        </p>
      ) : null}
      <LastJob job={overview.lastJob} />
    </>
  );
}
