/**
 * What belongs to this desk: its label printer, "print on create", when a reprint asks first
 * and "ship when the weight is steady" (kept on this computer); its packing slip (kept with its
 * printers); where other local tools reach the station's API; the folder it takes order files
 * from; its database and daily backup.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { StationSettings } from '../../../main/core/schemas';
import type { BridgeResult, DatabaseChoice, UpdateFeedChoice } from '../../../main/ipc/bridge';
import { api, useSession } from '../api';
import { stationBridge } from '../api/bridge';
import { problemFromResponse } from '../api/problem';
import { TextField } from '../components/Field';
import { FormOutcome } from '../components/FormOutcome';
import { ErrorNotice, Notice } from '../components/Notice';
import { MAX_ASK_REPRINT_AFTER, updateDeskSettings, useDeskSettings } from '../lib/desk-settings';
import { useFormAction } from '../hooks/use-form-action';
import { useLoad } from '../hooks/use-load';
import { PackingSlipField } from './PackingSlipField';
import { SettingsSection } from './SettingsSection';
import { WatchFolderField } from './WatchFolderField';

/** The one field of the database and update address forms. */
const URL_FIELD = ['url'] as const;

function PrinterChoice() {
  const bridge = stationBridge();
  const printer = useDeskSettings((s) => s.printer);
  const printers = useLoad(bridge ? 'printers' : null, () => bridge!.desktop.listPrinters());

  if (!bridge) {
    return (
      <div className="field">
        <span className="field-label">Label printer</span>
        <p className="field-hint">
          In a browser, labels print through the browser’s print dialog: choose the label printer there, with margins
          set to none and the scale at 100%.
        </p>
      </div>
    );
  }
  return (
    <div className="field">
      <label className="field-label" htmlFor="desk-printer">
        Label printer
      </label>
      <select
        id="desk-printer"
        className="select"
        value={printer}
        onChange={(e) => updateDeskSettings({ printer: e.target.value })}
      >
        <option value="">The system’s default printer</option>
        {printers.data?.map((p) => (
          <option key={p.name} value={p.name}>
            {p.displayName || p.name}
            {p.isDefault ? ' (default)' : ''}
          </option>
        ))}
        {printer && printers.data && !printers.data.some((p) => p.name === printer) ? (
          <option value={printer}>{printer} (not found)</option>
        ) : null}
      </select>
      <p className="field-hint">Labels print silently to this printer, at the station’s label size.</p>
      {printers.error ? <ErrorNotice error={printers.error} /> : null}
    </div>
  );
}

function LocalApi() {
  const bridge = stationBridge();
  const status = useLoad(bridge ? 'api-status' : null, () => bridge!.desktop.apiStatus());
  const url = bridge ? status.data?.url : window.location.origin;
  return (
    <div className="field">
      <span className="field-label">Local API address</span>
      {url ? <code className="api-url">{url}</code> : <span className="muted">Checking…</span>}
      {bridge && status.data && !status.data.listening ? (
        <p className="notice notice-error" role="alert">
          The local API is not available: its port could not be opened
          {status.data.error ? ` (${status.data.error})` : ''}. Other tools cannot reach this station until it is
          restarted with a free port.
        </p>
      ) : (
        <p className="field-hint">
          Warehouse systems, scanner scripts and other tools on this computer call the API here, with an API key. It
          answers on this computer only (loopback).
        </p>
      )}
      {status.error ? <ErrorNotice error={status.error} /> : null}
    </div>
  );
}

/**
 * An address the desktop app keeps for this desk (a database, an update feed): typed and sent
 * to the app, which checks it and answers what is now chosen; the second button, when shown,
 * goes back to none. A refusal is shown beside the field.
 */
function DesktopAddressForm<T>({
  idScope,
  title,
  now,
  label,
  hint,
  useLabel,
  forgetLabel,
  send,
  onChosen,
  children,
}: {
  idScope: string;
  title: string;
  /** What is chosen now, above the field. */
  now: ReactNode;
  label: string;
  hint: string;
  useLabel: string;
  /** The second button, or null when there is nothing to go back from. */
  forgetLabel: string | null;
  send: (url: string | null) => Promise<BridgeResult<T>>;
  onChosen: (chosen: T) => void;
  /** Shown under the outcome: what the choice means. */
  children?: ReactNode;
}) {
  const [url, setUrl] = useState('');
  const { busy, byField, notice, message, run, form } = useFormAction(URL_FIELD);
  const choose = (given: string | null) =>
    run(async () => {
      const result = await send(given);
      if (!result.ok) throw problemFromResponse(result.problem.status, result.problem, result.problem.instance);
      onChosen(result.value);
      setUrl('');
      return null;
    });
  return (
    <form
      ref={form}
      className="field stack"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void choose(url);
      }}
      aria-labelledby={`${idScope}-label`}
    >
      <span className="field-label" id={`${idScope}-label`}>
        {title}
      </span>
      {now}
      <TextField
        path="url"
        idScope={idScope}
        label={label}
        hint={hint}
        autoComplete="off"
        spellCheck={false}
        value={url}
        onValue={setUrl}
        error={byField.url}
      />
      <div className="button-group">
        <button type="submit" className="button button-primary" disabled={busy || url.trim() === ''}>
          {useLabel}
        </button>
        {forgetLabel ? (
          <button type="button" className="button" disabled={busy} onClick={() => void choose(null)}>
            {forgetLabel}
          </button>
        ) : null}
      </div>
      <FormOutcome notice={notice} message={message} />
      {children}
    </form>
  );
}

/**
 * Which database this desk uses: its own file, or the warehouse's shared PostgreSQL. The
 * address is checked by connecting, kept encrypted on this computer, and used from the
 * next start.
 */
function DatabaseChoiceField() {
  const bridge = stationBridge();
  const current = useLoad(bridge ? 'database-choice' : null, () => bridge!.desktop.databaseChoice());
  const [next, setNext] = useState<DatabaseChoice | null>(null);
  if (!bridge) return null;
  const describe = (choice: DatabaseChoice) =>
    choice.kind === 'sqlite'
      ? `this computer’s own file, ${choice.location}`
      : `the shared database ${choice.location}`;
  return (
    <DesktopAddressForm
      idScope="desk-database"
      title="Database"
      now={
        <>
          {current.data ? <p>Now: {describe(current.data)}.</p> : <span className="muted">Checking…</span>}
          {current.data?.fromEnvironment ? (
            <p className="field-hint">
              SHIPPING_STATION_DATABASE_URL is set on this computer: it decides, whatever is chosen here.
            </p>
          ) : null}
        </>
      }
      label="Shared PostgreSQL database"
      hint="For several desks in one warehouse: postgres://user:password@host:5432/database. Checked by connecting; kept encrypted on this computer."
      useLabel="Use this database"
      forgetLabel={
        current.data?.kind === 'postgres' || next?.kind === 'postgres' ? 'Use this computer’s own file' : null
      }
      send={(url) => bridge.desktop.chooseDatabase(useSession.getState().accessToken, url)}
      onChosen={setNext}
    >
      {next ? (
        <Notice tone="success">
          From the next start, this desk uses {describe(next)}. Close and open Shipping Station to switch.
        </Notice>
      ) : null}
    </DesktopAddressForm>
  );
}

/**
 * Where this desk looks for updates: the address set here, else the one the app was built
 * with, else none (updates off). Help → Check for Updates… asks it; an update installs only
 * between print jobs.
 */
function UpdateFeedField() {
  const bridge = stationBridge();
  const current = useLoad(bridge ? 'update-feed' : null, () => bridge!.desktop.updateFeed());
  const [chosen, setChosen] = useState<UpdateFeedChoice | null>(null);
  if (!bridge) return null;
  const shown = chosen ?? current.data;
  return (
    <DesktopAddressForm
      idScope="desk-updates"
      title="Updates"
      now={
        shown ? (
          <p>
            Version {shown.version}.{' '}
            {shown.url
              ? `Looks for updates at ${shown.url}${shown.fromSettings ? '' : ' (set when the app was built)'}.`
              : 'Updates are off: no update address is set.'}
          </p>
        ) : (
          <span className="muted">Checking…</span>
        )
      }
      label="Update address"
      hint="The https:// folder your IT department publishes Shipping Station’s installers to."
      useLabel="Use this address"
      forgetLabel={shown?.fromSettings ? 'Forget this address' : null}
      send={(url) => bridge.desktop.chooseUpdateFeed(url)}
      onChosen={setChosen}
    />
  );
}

/** Ask before a reprint: a label printed this many times already asks "Print again?" first. */
function ReprintQuestion() {
  const askAfter = useDeskSettings((s) => s.askReprintAfter);
  return (
    <div className="field">
      <label className="check-row">
        <input
          type="checkbox"
          checked={askAfter > 0}
          onChange={(e) => updateDeskSettings({ askReprintAfter: e.target.checked ? 1 : 0 })}
        />
        <span>
          Ask before printing a label again{' '}
          <span className="muted">— a second parcel with the same label would travel as the first</span>
        </span>
      </label>
      {askAfter > 0 ? (
        <label className="inline-field">
          <span>Ask when it was printed</span>
          <input
            id="desk-ask-reprint-after"
            className="input input-narrow"
            type="number"
            min={1}
            max={MAX_ASK_REPRINT_AFTER}
            value={askAfter}
            onChange={(e) => {
              const n = Math.round(Number(e.target.value));
              if (Number.isFinite(n) && n >= 1)
                updateDeskSettings({ askReprintAfter: Math.min(n, MAX_ASK_REPRINT_AFTER) });
            }}
          />
          <span>{askAfter === 1 ? 'time' : 'times'} or more</span>
        </label>
      ) : null}
    </div>
  );
}

type DailyBackup = StationSettings['dailyBackup'];

const BACKUP_FIELDS = ['dailyBackup.folder', 'dailyBackup.keep'] as const;

/**
 * The backup the station makes of this desk's database each day: the folder, how many to
 * keep, on or off, and how the last one went. A shared PostgreSQL database is backed up
 * with pg_dump on its server instead.
 */
function DailyBackupField({ initial }: { initial: DailyBackup }) {
  const [shown, setShown] = useState(initial);
  const [enabled, setEnabled] = useState(initial.enabled);
  const [folder, setFolder] = useState(initial.folder);
  const [keep, setKeep] = useState(String(initial.keep));
  const { busy, byField, notice, message, run, form } = useFormAction(BACKUP_FIELDS);
  if (!shown.available) {
    return (
      <div className="field">
        <span className="field-label">Daily backup</span>
        <p className="field-hint">
          This desk works on a shared PostgreSQL database: back it up with pg_dump on the database server (see the
          README), with the station key beside it.
        </p>
      </div>
    );
  }
  const save = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      // A keep that is not a whole number goes as typed: the station names what is wrong with it.
      const kept = /^\d+$/.test(keep.trim()) ? Number(keep.trim()) : (keep as unknown as number);
      const next = await api.updateSettings({ body: { dailyBackup: { enabled, folder: folder.trim(), keep: kept } } });
      setShown(next.dailyBackup);
      return 'Daily backup saved.';
    });
  };
  return (
    <form
      ref={form}
      className="field stack"
      onSubmit={(event) => void save(event)}
      aria-labelledby="desk-backup-label"
      noValidate
    >
      <span className="field-label" id="desk-backup-label">
        Daily backup
      </span>
      <label className="check-row">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        <span>
          Back up this desk’s database every day{' '}
          <span className="muted">— made by the station while it runs, no other program needed</span>
        </span>
      </label>
      <TextField
        path="dailyBackup.folder"
        idScope="desk-backup"
        label="Backup folder"
        hint="A full path, best on another drive: C:\Backups\Shipping or /home/desk/backups. Created if missing."
        autoComplete="off"
        spellCheck={false}
        value={folder}
        onValue={setFolder}
        error={byField['dailyBackup.folder']}
      />
      <TextField
        path="dailyBackup.keep"
        idScope="desk-backup"
        label="Keep the last"
        hint="Days of backups kept; older ones are deleted."
        inputMode="numeric"
        value={keep}
        onValue={setKeep}
        error={byField['dailyBackup.keep']}
      />
      <div className="button-group">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save daily backup'}
        </button>
      </div>
      {shown.problem ? <p className="notice notice-error">{shown.problem}</p> : null}
      {shown.lastBackupFile ? (
        <p className="muted">
          Last backup: {shown.lastBackupFile}, {new Date(shown.lastBackupOn!).toLocaleString()}.
        </p>
      ) : null}
      <FormOutcome notice={notice} message={message} />
    </form>
  );
}

export function DeskPanel({ isAdmin, settings }: { isAdmin: boolean; settings: StationSettings | undefined }) {
  const printOnCreate = useDeskSettings((s) => s.printOnCreate);
  const shipWhenSteady = useDeskSettings((s) => s.shipWhenSteady);
  return (
    <SettingsSection headingId="desk-heading" title="This desk" intro="Kept on this computer only.">
      <PrinterChoice />
      <label className="check-row">
        <input
          type="checkbox"
          checked={printOnCreate}
          onChange={(e) => updateDeskSettings({ printOnCreate: e.target.checked })}
        />
        <span>
          Print on create <span className="muted">— print the label as soon as a shipment is created</span>
        </span>
      </label>
      <ReprintQuestion />
      <PackingSlipField />
      <label className="check-row">
        <input
          type="checkbox"
          checked={shipWhenSteady}
          onChange={(e) => updateDeskSettings({ shipWhenSteady: e.target.checked })}
        />
        <span>
          Ship when the weight is steady{' '}
          <span className="muted">
            — a scanned order ships and its label prints as soon as the scale settles above zero; without it, Enter
            ships
          </span>
        </span>
      </label>
      <LocalApi />
      <WatchFolderField />
      {isAdmin ? <DatabaseChoiceField /> : null}
      {isAdmin && settings ? <DailyBackupField initial={settings.dailyBackup} /> : null}
      <UpdateFeedField />
    </SettingsSection>
  );
}
