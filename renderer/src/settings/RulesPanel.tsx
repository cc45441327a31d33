/**
 * Settings → Rules, for administrators (docs/contract.md §20): the ordered list of shipping rules,
 * first enabled match wins. Add, edit, move up or down, enable or disable, delete: each is
 * the whole list sent again (PUT /rules), so the order on screen is the order kept. A rule
 * whose service or preset is gone shows as broken with why; a refused save names each
 * wrong field beside it.
 */
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { OutputOf } from '../../../main/operations/spec';
import { CONTENTS_TYPES, RULE_ZONES, type ShippingRuleInput } from '../../../main/core/schemas';
import { api, ApiProblem, describeError } from '../api';
import { DECIMAL_INPUT, SelectField, TextField } from '../components/Field';
import { Notice } from '../components/Notice';
import { useLoad } from '../hooks/use-load';
import { CarrierServiceFields } from '../order/CarrierServiceFields';
import { CatalogSelect } from '../order/CatalogSelect';
import { loadCatalog, presetWords, serviceWords, type Catalog } from '../order/catalog';
import { SettingsSection } from './SettingsSection';

type Rule = OutputOf<'listRules'>['rules'][number];

const ZONE_WORDS: Record<(typeof RULE_ZONES)[number], string> = {
  domestic: 'Domestic',
  eu: 'European Union',
  world: 'Rest of the world',
};

interface RuleForm {
  name: string;
  enabled: boolean;
  countries: string;
  zones: string[];
  minWeight: string;
  maxWeight: string;
  minValue: string;
  maxValue: string;
  channels: string;
  tags: string;
  referencePrefix: string;
  carrierId: string;
  carrierServiceId: string;
  presetId: string;
  contentsType: string;
}

const EMPTY: RuleForm = {
  name: '',
  enabled: true,
  countries: '',
  zones: [],
  minWeight: '',
  maxWeight: '',
  minValue: '',
  maxValue: '',
  channels: '',
  tags: '',
  referencePrefix: '',
  carrierId: '',
  carrierServiceId: '',
  presetId: '',
  contentsType: '',
};

const list = (text: string) =>
  text
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
const num = (text: string) => (text.trim() === '' ? undefined : Number(text));

function toForm(rule: Rule): RuleForm {
  const w = rule.when;
  const text = (n: number | undefined) => (n === undefined ? '' : String(n));
  return {
    name: rule.name,
    enabled: rule.enabled,
    countries: (w.countries ?? []).join(', '),
    zones: [...(w.zones ?? [])],
    minWeight: text(w.minWeight),
    maxWeight: text(w.maxWeight),
    minValue: text(w.minValue),
    maxValue: text(w.maxValue),
    channels: (w.channels ?? []).join(', '),
    tags: (w.tags ?? []).join(', '),
    referencePrefix: w.referencePrefix ?? '',
    carrierId: String(rule.then.carrierId),
    carrierServiceId: String(rule.then.carrierServiceId),
    presetId: rule.then.presetId === undefined ? '' : String(rule.then.presetId),
    contentsType: rule.then.contentsType ?? '',
  };
}

/** The form as the rule PUT /rules takes; what is left empty is no condition. */
function fromForm(f: RuleForm): ShippingRuleInput {
  const when = {
    ...(list(f.countries).length ? { countries: list(f.countries).map((c) => c.toUpperCase()) } : {}),
    ...(f.zones.length ? { zones: f.zones as (typeof RULE_ZONES)[number][] } : {}),
    ...(num(f.minWeight) !== undefined ? { minWeight: num(f.minWeight)! } : {}),
    ...(num(f.maxWeight) !== undefined ? { maxWeight: num(f.maxWeight)! } : {}),
    ...(num(f.minValue) !== undefined ? { minValue: num(f.minValue)! } : {}),
    ...(num(f.maxValue) !== undefined ? { maxValue: num(f.maxValue)! } : {}),
    ...(list(f.channels).length ? { channels: list(f.channels) } : {}),
    ...(list(f.tags).length ? { tags: list(f.tags) } : {}),
    ...(f.referencePrefix.trim() ? { referencePrefix: f.referencePrefix.trim() } : {}),
  };
  return {
    name: f.name.trim(),
    enabled: f.enabled,
    when,
    then: {
      carrierId: Number(f.carrierId),
      carrierServiceId: Number(f.carrierServiceId),
      ...(f.presetId ? { presetId: Number(f.presetId) } : {}),
      ...(f.contentsType ? { contentsType: f.contentsType as (typeof CONTENTS_TYPES)[number] } : {}),
    },
  };
}

const asInput = (rule: Rule): ShippingRuleInput => ({
  name: rule.name,
  enabled: rule.enabled,
  when: rule.when,
  then: rule.then,
});

/** What a rule asks of an order, in a line: "GB · domestic · up to 2 kg · tag fragile". */
function whenWords(rule: Rule): string {
  const w = rule.when;
  const parts = [
    w.countries?.length ? w.countries.join(', ') : null,
    w.zones?.length ? w.zones.map((z) => ZONE_WORDS[z]).join(' or ') : null,
    w.minWeight !== undefined ? `from ${w.minWeight} kg` : null,
    w.maxWeight !== undefined ? `up to ${w.maxWeight} kg` : null,
    w.minValue !== undefined ? `worth from ${w.minValue}` : null,
    w.maxValue !== undefined ? `worth up to ${w.maxValue}` : null,
    w.channels?.length ? `channel ${w.channels.join(' or ')}` : null,
    w.tags?.length ? `tag ${w.tags.join(' or ')}` : null,
    w.referencePrefix ? `reference starts ${w.referencePrefix}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Every order';
}

/** A 400's members that name rule `index`, by the form's own paths (`then.carrierServiceId`, `when.countries`). */
function errorsOfRule(error: unknown, index: number): { mine: Record<string, string>; others: string[] } {
  const mine: Record<string, string> = {};
  const others: string[] = [];
  if (!(error instanceof ApiProblem)) return { mine, others };
  for (const [path, message] of Object.entries(error.fields)) {
    const m = /^(?:body\.)?rules\[(\d+)\]\.?(.*)$/.exec(path);
    if (m && Number(m[1]) === index) {
      const field = (m[2] ?? '').replace(/\[\d+\]$/, '') || 'name';
      mine[field] ??= message;
    } else if (m) others.push(`Rule ${Number(m[1]) + 1}: ${message}`);
    else others.push(message);
  }
  return { mine, others };
}

const FIELD_ORDER = [
  'name',
  'when.countries',
  'when.zones',
  'when.minWeight',
  'when.maxWeight',
  'when.minValue',
  'when.maxValue',
  'when.channels',
  'when.tags',
  'when.referencePrefix',
  'then.carrierId',
  'then.carrierServiceId',
  'then.presetId',
  'then.contentsType',
];

function RuleEditor({
  initial,
  index,
  catalog,
  save,
  onClose,
}: {
  initial: RuleForm;
  index: number;
  catalog: Catalog;
  save: (rule: ShippingRuleInput) => Promise<void>;
  onClose: () => void;
}) {
  const [form, setForm] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const set = <K extends keyof RuleForm>(key: K, value: RuleForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  /** What the form itself refuses before asking the station: a rule needs its carrier and service. */
  const [missing, setMissing] = useState<Record<string, string>>({});
  const fromStation = errorsOfRule(error, index);
  const mine = { ...fromStation.mine, ...missing };
  const others = fromStation.others;
  // Opened, the form takes the keyboard at its first field.
  useLayoutEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  /** The keyboard goes to the first field named. */
  const focusFirst = (named: Record<string, string>) => {
    const first = FIELD_ORDER.find((p) => named[p]);
    if (first)
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>(`[name="${first}"], [data-path="${first}"] input`)?.focus(),
      );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const needed: Record<string, string> = {
      ...(form.carrierId ? {} : { 'then.carrierId': 'Choose the carrier this rule ships with' }),
      ...(form.carrierServiceId ? {} : { 'then.carrierServiceId': 'Choose the service this rule ships with' }),
    };
    setMissing(needed);
    setError(null);
    if (Object.keys(needed).length > 0) {
      focusFirst(needed);
      return;
    }
    setBusy(true);
    try {
      await save(fromForm(form));
    } catch (failure) {
      setError(failure);
      focusFirst(errorsOfRule(failure, index).mine);
    } finally {
      setBusy(false);
    }
  };

  const text = (path: string, key: keyof RuleForm, label: string, hint?: string, extra = {}) => (
    <TextField
      path={path}
      idScope="rule"
      label={label}
      hint={hint}
      value={form[key] as string}
      onValue={(v) => set(key, v as never)}
      error={mine[path]}
      {...extra}
    />
  );
  return (
    <form
      ref={formRef}
      className="stack rule-editor"
      onSubmit={submit}
      aria-label={initial.name ? `Edit rule ${initial.name}` : 'New rule'}
    >
      {text('name', 'name', 'Rule name', 'Shown on each shipment it chooses for.', { required: true, maxLength: 60 })}
      <fieldset className="rule-when">
        <legend>When the order…</legend>
        <div className="grid grid-3">
          {text('when.countries', 'countries', 'Goes to countries', 'Two-letter codes, e.g. GB, IE. Empty: any.')}
          {text('when.referencePrefix', 'referencePrefix', 'Reference starts with')}
          {text('when.channels', 'channels', 'Came from channels', 'e.g. Shopify, eBay')}
          {text('when.minWeight', 'minWeight', 'Weighs from (kg)', undefined, DECIMAL_INPUT)}
          {text('when.maxWeight', 'maxWeight', 'Weighs up to (kg)', undefined, DECIMAL_INPUT)}
          {text('when.tags', 'tags', 'Has tags')}
          {text('when.minValue', 'minValue', 'Worth from', undefined, DECIMAL_INPUT)}
          {text('when.maxValue', 'maxValue', 'Worth up to', undefined, DECIMAL_INPUT)}
        </div>
        <div className="check-list" role="group" aria-label="Goes to zones" data-path="when.zones">
          {RULE_ZONES.map((zone) => (
            <label key={zone} className="check-row">
              <input
                type="checkbox"
                checked={form.zones.includes(zone)}
                onChange={(e) =>
                  set('zones', e.target.checked ? [...form.zones, zone] : form.zones.filter((z) => z !== zone))
                }
              />
              <span>{ZONE_WORDS[zone]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="rule-then">
        <legend>…then ship it with</legend>
        <div className="grid grid-3">
          <CarrierServiceFields
            catalog={catalog}
            idScope="rule"
            paths={{ carrier: 'then.carrierId', service: 'then.carrierServiceId' }}
            required
            carrierId={form.carrierId}
            serviceId={form.carrierServiceId}
            onChange={(carrierId, carrierServiceId) => setForm((f) => ({ ...f, carrierId, carrierServiceId }))}
            errors={{ carrier: mine['then.carrierId'], service: mine['then.carrierServiceId'] }}
          />
          <CatalogSelect
            path="then.presetId"
            idScope="rule"
            label="Package preset"
            value={form.presetId}
            onValue={(v) => set('presetId', v)}
            error={mine['then.presetId']}
            empty="None: the order’s own package"
            items={catalog.presets}
            gone={(id) => `Preset ${id} (gone)`}
          />
          <SelectField
            path="then.contentsType"
            idScope="rule"
            label="Contents (abroad)"
            value={form.contentsType}
            onValue={(v) => set('contentsType', v)}
            error={mine['then.contentsType']}
          >
            <option value="">As the order says</option>
            {CONTENTS_TYPES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
        </div>
      </fieldset>
      <label className="check-row">
        <input type="checkbox" checked={form.enabled} onChange={(e) => set('enabled', e.target.checked)} />
        <span>Enabled</span>
      </label>
      {Object.keys(missing).length > 0 ? (
        <p className="notice notice-error" role="alert">
          The rule was not saved: choose its carrier and service.
        </p>
      ) : error && Object.keys(mine).length === 0 ? (
        <p className="notice notice-error" role="alert">
          The rule was not saved: {others.length ? others.join(' ') : describeError(error)}
        </p>
      ) : error ? (
        <p className="notice notice-error" role="alert">
          The rule was not saved: correct the fields marked.{others.length ? ` ${others.join(' ')}` : ''}
        </p>
      ) : null}
      <div className="button-group">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save rule'}
        </button>
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function RulesPanel() {
  const loaded = useLoad('rules', async () => {
    const [rules, catalog] = await Promise.all([api.listRules(), loadCatalog({ fresh: true })]);
    return { rules: rules.rules, catalog };
  });
  /** Which rule the form edits: its index, `rules.length` for a new one, or null. */
  const [editing, setEditing] = useState<number | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const rules = loaded.data?.rules ?? [];

  /** Sends the whole list; `focus` names the row the keyboard goes to after. */
  async function put(next: ShippingRuleInput[], done: string, focusName?: string) {
    const saved = await api.replaceRules({ body: { rules: next } });
    loaded.reload();
    setMessage({ ok: true, text: done });
    const broken = saved.rules.filter((r) => r.problem);
    if (broken.length) setMessage({ ok: true, text: `${done} ${broken.length} broken: see below.` });
    if (focusName) focusRow(focusName);
  }

  /** Puts the keyboard on rule `name`'s first button once the reloaded list shows it. */
  function focusRow(name: string, tries = 40) {
    const button = panel.current?.querySelector<HTMLButtonElement>(`[data-rule="${CSS.escape(name)}"] button`);
    if (button && !button.disabled) button.focus();
    else if (tries > 0) setTimeout(() => focusRow(name, tries - 1), 50);
  }

  async function act(next: ShippingRuleInput[], done: string, focusName?: string) {
    setBusy(true);
    setMessage(null);
    try {
      await put(next, done, focusName);
    } catch (error) {
      const { others } = errorsOfRule(error, -1);
      setMessage({ ok: false, text: `Not saved: ${others.length ? others.join(' ') : describeError(error)}` });
    } finally {
      setBusy(false);
    }
  }

  const inputs = rules.map(asInput);
  const move = (i: number, by: -1 | 1) => {
    const next = [...inputs];
    const [rule] = next.splice(i, 1);
    next.splice(i + by, 0, rule!);
    void act(next, `“${rule!.name}” is now rule ${i + by + 1}.`, rule!.name);
  };

  return (
    <SettingsSection
      headingId="rules-heading"
      title="Shipping rules"
      intro="Which carrier, service and package an order ships with: the first enabled rule that matches wins. The operator can always choose otherwise."
    >
      <div ref={panel} className="stack">
        {loaded.error ? (
          <p className="notice notice-error" role="alert">
            {describeError(loaded.error)}
          </p>
        ) : null}
        {message ? (
          message.ok ? (
            <Notice tone="success">{message.text}</Notice>
          ) : (
            <p className="notice notice-error" role="alert">
              {message.text}
            </p>
          )
        ) : null}
        {loaded.data && rules.length === 0 && editing === null ? (
          <p className="muted">No rules yet: every order’s service is chosen by hand.</p>
        ) : null}
        {loaded.data && rules.length > 0 ? (
          <ol className="rule-list" aria-label="Shipping rules, first match wins">
            {rules.map((rule, i) =>
              editing === i ? (
                <li key={rule.name} className="rule-row rule-editing">
                  <RuleEditor
                    initial={toForm(rule)}
                    index={i}
                    catalog={loaded.data!.catalog}
                    onClose={() => setEditing(null)}
                    save={async (edited) => {
                      const next = [...inputs];
                      next[i] = edited;
                      await put(next, `Rule “${edited.name}” saved.`, edited.name);
                      setEditing(null);
                    }}
                  />
                </li>
              ) : (
                <li
                  key={rule.name}
                  className={`rule-row${rule.problem ? ' rule-broken' : ''}${rule.enabled ? '' : ' rule-off'}`}
                  data-rule={rule.name}
                  aria-label={`Rule ${i + 1}: ${rule.name}`}
                >
                  <div className="rule-text">
                    <strong>
                      {i + 1}. {rule.name}
                    </strong>{' '}
                    <span className="rule-state">
                      {rule.problem ? 'Broken' : rule.enabled ? 'Enabled' : 'Disabled'}
                    </span>
                    <p className="muted">
                      When: {whenWords(rule)} →{' '}
                      {serviceWords(loaded.data!.catalog, rule.then.carrierId, rule.then.carrierServiceId)}
                      {rule.then.presetId !== undefined
                        ? `, ${presetWords(loaded.data!.catalog, rule.then.presetId)}`
                        : ''}
                    </p>
                    {rule.problem ? (
                      <p className="rule-problem" role="note">
                        Broken, so it never matches: {rule.problem}
                      </p>
                    ) : null}
                  </div>
                  <div className="button-group rule-actions">
                    <button type="button" className="button button-small" disabled={busy} onClick={() => setEditing(i)}>
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button button-small"
                      disabled={busy || i === 0}
                      aria-label={`Move ${rule.name} up`}
                      onClick={() => move(i, -1)}
                    >
                      Up
                    </button>
                    <button
                      type="button"
                      className="button button-small"
                      disabled={busy || i === rules.length - 1}
                      aria-label={`Move ${rule.name} down`}
                      onClick={() => move(i, 1)}
                    >
                      Down
                    </button>
                    <button
                      type="button"
                      className="button button-small"
                      disabled={busy}
                      onClick={() => {
                        const next = [...inputs];
                        next[i] = { ...next[i]!, enabled: !rule.enabled };
                        void act(next, `“${rule.name}” ${rule.enabled ? 'disabled' : 'enabled'}.`, rule.name);
                      }}
                    >
                      {rule.enabled ? 'Disable' : 'Enable'}
                    </button>
                    <button
                      type="button"
                      className="button button-small button-danger-quiet"
                      disabled={busy}
                      aria-label={`Delete ${rule.name}`}
                      onClick={() =>
                        void act(
                          inputs.filter((_, j) => j !== i),
                          `Rule “${rule.name}” deleted.`,
                        )
                      }
                    >
                      Delete
                    </button>
                  </div>
                </li>
              ),
            )}
          </ol>
        ) : null}
        {editing !== null && editing === rules.length && loaded.data ? (
          <RuleEditor
            initial={EMPTY}
            index={rules.length}
            catalog={loaded.data.catalog}
            onClose={() => setEditing(null)}
            save={async (rule) => {
              await put([...inputs, rule], `Rule “${rule.name}” added as rule ${rules.length + 1}.`, rule.name);
              setEditing(null);
            }}
          />
        ) : (
          <div>
            <button
              type="button"
              className="button"
              disabled={!loaded.data || busy || editing !== null}
              onClick={() => setEditing(rules.length)}
            >
              Add rule
            </button>
          </div>
        )}
      </div>
    </SettingsSection>
  );
}
