/**
 * The audit trail (administrators): who signed in, changed, cancelled, manifested,
 * imported and printed what, newest first, filtered by user, kind and dates. Rows take
 * focus with ↓ and ↑ from the filters and between them, as the lists do.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { api } from '../api';
import { SelectField, TextField } from '../components/Field';
import { ErrorNotice } from '../components/Notice';
import { formatDateTime, formatNumber } from '../lib/format';
import { useLoad } from '../hooks/use-load';
import { SettingsSection } from './SettingsSection';

const KINDS = [
  ['', 'Every kind'],
  ['sign-in', 'Sign-ins'],
  ['sign-in.refused', 'Refused sign-ins'],
  ['user.create,user.update,user.unlock,user.password', 'Users'],
  ['api-key.create,api-key.revoke', 'API keys'],
  ['settings.update', 'Settings'],
  ['printer.add,printer.remove,printer.choose,printer.packing-slip', 'Printers'],
  ['rules.replace', 'Shipping rules'],
  ['webhook.create,webhook.delete', 'Webhooks'],
  ['shipment.cancel', 'Cancels'],
  ['manifest.create', 'Manifests'],
  ['import', 'Imports'],
  ['folder.file,watch-folder.update', 'Watched folder'],
  ['label.print,label.reprint', 'Label prints'],
] as const;
const PER_PAGE = 50;

/** What changed, in a line: "role: operator → admin", or the detail's facts. */
function describeDetail(detail: Record<string, unknown>): string {
  const before = detail.before as Record<string, unknown> | undefined;
  const after = detail.after as Record<string, unknown> | undefined;
  const text = (v: unknown) => (v === undefined ? '(none)' : typeof v === 'string' ? v : JSON.stringify(v));
  if (before && after && typeof before === 'object' && typeof after === 'object') {
    // Both sides' keys: a shipping rule taken out is in `before` alone.
    return [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .filter((k) => text(before[k]) !== text(after[k]))
      .map((k) => `${k}: ${text(before[k])} → ${text(after[k])}`)
      .join('; ');
  }
  return Object.entries(detail)
    .map(([k, v]) => `${k}: ${text(v)}`)
    .join('; ');
}

export function AuditPanel() {
  const [user, setUser] = useState('');
  const [kind, setKind] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const query = {
    ...(kind ? { Kind: kind } : {}),
    ...(user.trim() ? { User: user.trim() } : {}),
    ...(from ? { From: from } : {}),
    ...(to ? { To: to } : {}),
    Page: page,
    ItemsPerPage: PER_PAGE,
  };
  const trail = useLoad(`audit|${JSON.stringify(query)}`, () => api.listAuditEvents({ query }));
  const rows = useRef<HTMLTableSectionElement>(null);
  const filter = (set: (v: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };
  const pages = Math.max(1, Math.ceil((trail.data?.totalItems ?? 0) / PER_PAGE));

  /** ↓ from the filters to the first row; ↑ and ↓ between rows. */
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const all = [...(rows.current?.querySelectorAll<HTMLTableRowElement>('tr') ?? [])];
    if (all.length === 0) return;
    const at = all.indexOf(document.activeElement as HTMLTableRowElement);
    if (at === -1 && event.key === 'ArrowUp') return;
    if (at === -1 && (event.target as HTMLElement).tagName === 'SELECT') return;
    event.preventDefault();
    const next = at === -1 ? 0 : Math.min(all.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)));
    all[next]!.focus();
  };

  return (
    <SettingsSection
      headingId="audit-heading"
      title="Audit"
      intro="Who signed in, changed settings, users, keys, printers and webhooks, cancelled, closed the day, imported and printed — newest first. Kept for the number of days set under Station."
    >
      <div className="inline-form" onKeyDown={onKeyDown}>
        <TextField idScope="audit" path="User" label="User" value={user} onValue={filter(setUser)} maxLength={64} />
        <SelectField idScope="audit" path="Kind" label="Kind" value={kind} onValue={filter(setKind)}>
          {KINDS.map(([value, label]) => (
            <option key={label} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextField idScope="audit" path="From" label="From" type="date" value={from} onValue={filter(setFrom)} />
        <TextField idScope="audit" path="To" label="To" type="date" value={to} onValue={filter(setTo)} />
      </div>
      {trail.error ? <ErrorNotice error={trail.error} /> : null}
      {trail.data ? (
        <p className="muted" role="status">
          {formatNumber(trail.data.totalItems)} {trail.data.totalItems === 1 ? 'entry' : 'entries'}
        </p>
      ) : null}
      {trail.data && trail.data.items.length > 0 ? (
        <div className="table-wrap" onKeyDown={onKeyDown}>
          <table className="table" data-testid="audit-table">
            <caption className="visually-hidden">Audit trail</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">User</th>
                <th scope="col">Door</th>
                <th scope="col">What</th>
                <th scope="col">Subject</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody ref={rows}>
              {trail.data.items.map((item, i) => (
                <tr key={`${item.at}-${i}`} tabIndex={-1}>
                  <td className="nowrap">{formatDateTime(item.at)}</td>
                  <td>{item.user}</td>
                  <td>
                    {item.via === 'window'
                      ? 'Window'
                      : item.via === 'folder'
                        ? 'Watched folder'
                        : item.apiKey
                          ? `HTTP, key “${item.apiKey}”`
                          : 'HTTP'}
                  </td>
                  <td className="mono">{item.kind}</td>
                  <td>{item.subject}</td>
                  <td className="wrap-anywhere">{describeDetail(item.detail)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pages > 1 ? (
        <nav className="pager" aria-label="Audit pages">
          <button type="button" className="button button-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="button button-small"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Next
          </button>
        </nav>
      ) : null}
    </SettingsSection>
  );
}
