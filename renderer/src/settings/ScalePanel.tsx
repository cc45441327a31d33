/**
 * Settings → Scale: this desk's weighing scale (docs/contract.md §21). The serial ports of this
 * computer, the scale's protocol and serial settings, its live reading, and a test that asks
 * it once. Kept by this desk, even when desks share one database.
 */
import { useState, type FormEvent } from 'react';
import { BAUD_RATES, PARITIES, type ScalePortList, type ScaleSettings as Settings } from '../../../main/core/schemas';
import { api, describeError } from '../api';
import { SelectField, TextField } from '../components/Field';
import { FormOutcome } from '../components/FormOutcome';
import { ErrorNotice } from '../components/Notice';
import { useFormAction } from '../hooks/use-form-action';
import { useScaleReading } from '../hooks/use-scale-reading';
import { readingWords } from '../lib/scale';
import { useLoad } from '../hooks/use-load';
import { SettingsSection } from './SettingsSection';

type Protocol = Settings['protocol'];
type SerialSetting = 'baudRate' | 'dataBits' | 'parity' | 'stopBits';

const FIELDS = ['port', 'protocol', 'baudRate', 'dataBits', 'parity', 'stopBits'];
/** The port select's choice for a port typed by hand. */
const OTHER = '\u0000other';

/** What each protocol's scales are usually set to out of the box. */
const USUAL: Record<Protocol, Omit<Settings, 'port' | 'protocol'>> = {
  nci: { baudRate: 9600, dataBits: 7, parity: 'even', stopBits: 1 },
  sics: { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 },
  continuous: { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 },
  hid: { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 },
};

/** The serial settings' selects, in the order a scale's manual gives them. */
const SERIAL_SETTINGS: { [K in SerialSetting]: { label: string; values: readonly Settings[K][] } } = {
  baudRate: { label: 'Baud rate', values: BAUD_RATES },
  dataBits: { label: 'Data bits', values: [7, 8] },
  parity: { label: 'Parity', values: PARITIES },
  stopBits: { label: 'Stop bits', values: [1, 2] },
};
/** A choice's words: the number itself, or the parity with a capital (None, Even, Odd). */
const choiceText = (value: string | number) =>
  typeof value === 'number' ? String(value) : value.charAt(0).toUpperCase() + value.slice(1);

const sameSettings = (a: Settings, b: Settings) =>
  FIELDS.every((f) => a[f as keyof Settings] === b[f as keyof Settings]);

export function ScalePanel() {
  const loaded = useLoad('desk-scale', () => Promise.all([api.getScale(), api.listScalePorts()]));
  return (
    <SettingsSection
      headingId="scale-heading"
      title="Scale"
      intro="This desk’s weighing scale, on a USB–serial or RS-232 port. Only a steady weight is used. Kept by this desk only."
    >
      {loaded.error ? <ErrorNotice error={loaded.error} /> : null}
      {loaded.data ? (
        <ScaleForm initial={loaded.data[0]} ports={loaded.data[1]} />
      ) : loaded.error ? null : (
        <span className="muted">Looking for serial ports…</span>
      )}
    </SettingsSection>
  );
}

function LiveReading({ active }: { active: boolean }) {
  const live = useScaleReading(active);
  const text = !active
    ? 'No scale chosen: weights are typed.'
    : live.reading
      ? readingWords(live.reading)
      : live.problem
        ? describeError(live.problem)
        : 'Asking the scale…';
  return (
    <p className="scale-live" data-testid="scale-live" data-state={live.reading?.state ?? (live.problem ? 'none' : '')}>
      <span className="field-label">Live reading</span> <strong>{text}</strong>
    </p>
  );
}

function ScaleForm({ initial, ports: initialPorts }: { initial: Settings; ports: ScalePortList }) {
  const [saved, setSaved] = useState<Settings>(initial);
  const [draft, setDraft] = useState<Settings>(initial);
  const [ports, setPorts] = useState<ScalePortList>(initialPorts);
  const listed = (port: string | null) => port === null || ports.items.some((p) => p.path === port);
  const [typed, setTyped] = useState(!listed(initial.port));
  // A 400 names fields beside them; the scale's 503 says which port and why, once.
  const { busy, message, byField, notice, run: act } = useFormAction(FIELDS);
  const dirty = !sameSettings(draft, saved);

  const save = async () => {
    const kept = await api.setScale({ body: draft });
    setSaved(kept);
    setDraft(kept);
    return kept.port ? `Scale saved: ${kept.port}, ${kept.protocol.toUpperCase()}.` : 'Scale saved: none.';
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void act(save);
  };
  const test = () =>
    void act(async () => {
      if (dirty) await save();
      const reading = await api.getScaleReading({ query: {} });
      return `The scale reads: ${readingWords(reading)}.`;
    });
  const refresh = () =>
    void act(async () => {
      const fresh = await api.listScalePorts();
      setPorts(fresh);
      return `${fresh.items.length} serial port${fresh.items.length === 1 ? '' : 's'} found.`;
    });
  const set = (change: Partial<Settings>) => setDraft((d) => ({ ...d, ...change }));
  const setSerial = <K extends SerialSetting>(setting: K, value: Settings[K]) =>
    setDraft((d) => ({ ...d, [setting]: value }));

  return (
    <>
      {ports.listError ? <p className="field-hint">Serial ports could not be listed: {ports.listError}</p> : null}
      <form className="stack" onSubmit={submit} noValidate aria-label="Scale">
        <SelectField
          path="portChoice"
          idScope="scale"
          label="Port"
          hint={
            ports.items.length === 0
              ? 'No serial port found: plug the scale in and refresh, or type its port.'
              : 'A USB scale’s adapter shows here once it is plugged in.'
          }
          value={typed ? OTHER : (draft.port ?? '')}
          onValue={(v) => {
            setTyped(v === OTHER);
            if (v === OTHER) return;
            // A USB HID scale speaks only its own protocol; a serial port any other.
            const hid = ports.items.some((p) => p.path === v && p.kind === 'hid');
            set({
              port: v || null,
              ...(hid ? { protocol: 'hid' } : draft.protocol === 'hid' ? { protocol: 'nci', ...USUAL.nci } : {}),
            });
          }}
          error={typed ? undefined : byField.port}
        >
          <option value="">None: weights are typed</option>
          {ports.items.map((p) => (
            <option key={p.path} value={p.path}>
              {p.path}
              {p.manufacturer ? ` — ${p.manufacturer}` : ''}
            </option>
          ))}
          <option value={OTHER}>Another port…</option>
        </SelectField>
        {typed ? (
          <TextField
            path="port"
            idScope="scale"
            label="Port name"
            hint="COM3 on Windows; /dev/ttyUSB0 on Linux; /dev/cu.usbserial-… on a Mac."
            autoComplete="off"
            spellCheck={false}
            value={draft.port ?? ''}
            onValue={(v) => set({ port: v.trim() || null })}
            error={byField.port}
          />
        ) : null}
        <SelectField
          path="protocol"
          idScope="scale"
          label="Protocol"
          hint="As the scale’s manual or set-up menu names it. Choosing one sets its usual serial settings."
          value={draft.protocol}
          onValue={(v) => set({ protocol: v as Protocol, ...USUAL[v as Protocol] })}
          error={byField.protocol}
        >
          <option value="nci">NCI (the station asks with W)</option>
          <option value="sics">Mettler Toledo SICS (the station asks with S)</option>
          <option value="continuous">Continuous output (the scale sends by itself)</option>
          <option value="hid">USB HID (Dymo, Stamps.com: no serial settings)</option>
        </SelectField>
        {draft.protocol === 'hid' ? null : (
          <div className="inline-form scale-serial">
            {(Object.keys(SERIAL_SETTINGS) as SerialSetting[]).map((setting) => (
              <SerialSelect
                key={setting}
                setting={setting}
                value={draft[setting]}
                onValue={(value) => setSerial(setting, value)}
                error={byField[setting]}
              />
            ))}
          </div>
        )}
        <div className="button-group">
          <button type="submit" className="button button-primary" disabled={busy}>
            Save scale
          </button>
          <button type="button" className="button" disabled={busy || draft.port === null} onClick={test}>
            {dirty ? 'Save and test' : 'Test scale'}
          </button>
          <button type="button" className="button" disabled={busy} onClick={refresh}>
            Refresh ports
          </button>
        </div>
      </form>
      <LiveReading active={saved.port !== null} />
      <FormOutcome notice={notice} message={message} />
    </>
  );
}

function SerialSelect<K extends SerialSetting>({
  setting,
  value,
  onValue,
  error,
}: {
  setting: K;
  value: Settings[K];
  onValue: (value: Settings[K]) => void;
  error: string | undefined;
}) {
  const { label, values } = SERIAL_SETTINGS[setting];
  return (
    <SelectField
      path={setting}
      idScope="scale"
      label={label}
      value={String(value)}
      onValue={(text) => {
        const chosen = values.find((choice) => String(choice) === text);
        if (chosen !== undefined) onValue(chosen);
      }}
      error={error}
    >
      {values.map((choice) => (
        <option key={choice} value={choice}>
          {choiceText(choice)}
        </option>
      ))}
    </SelectField>
  );
}
