/**
 * API keys for local tools (administrators). A new key is shown once, here, with a copy
 * button: the station keeps only its hash.
 */
import { useState, type FormEvent } from 'react';
import type { ApiKey, User } from '../../../main/core/schemas';
import { api, describeError, formErrors } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { SelectField, TextField } from '../components/Field';
import { ErrorNotice } from '../components/Notice';
import { formatDateTime } from '../lib/format';
import { useLoad } from '../lib/use-load';

function RevealedKey({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="reveal" role="status">
      <p>
        <strong>Key “{name}” created.</strong> Copy it now: it is not shown again.
      </p>
      <div className="reveal-row">
        <code className="reveal-key" aria-label="The new API key">
          {secret}
        </code>
        <button
          type="button"
          className="button button-small"
          onClick={() => navigator.clipboard.writeText(secret).then(() => setCopied(true), () => setCopied(false))}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className="button button-quiet button-small" onClick={onDone}>
          Done
        </button>
      </div>
      {copied === false ? <p className="field-error">The clipboard refused; select the key and copy it by hand.</p> : null}
    </div>
  );
}

export function ApiKeysPanel({ users }: { users: User[] }) {
  const keys = useLoad('api-keys', () => api.listApiKeys());
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [busy, setBusy] = useState(false);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const result = await api.createApiKey({ body: { name: name.trim(), ...(username ? { username } : {}) } });
      setCreated({ name: result.apiKey.name, key: result.key });
      setName('');
      keys.reload();
    } catch (problem) {
      const { byField, notice } = formErrors(problem, ['name', 'username']);
      setFieldErrors(byField);
      setError(notice);
    } finally {
      setBusy(false);
    }
  }

  async function revoke(key: ApiKey) {
    setBusy(true);
    setError(null);
    try {
      await api.revokeApiKey({ params: { apiKeyId: String(key.id) } });
      keys.reload();
    } catch (problem) {
      setError(describeError(problem));
    } finally {
      setRevoking(null);
      setBusy(false);
    }
  }

  return (
    <section className="settings-section" aria-labelledby="keys-heading">
      <div className="settings-head">
        <h2 id="keys-heading">API keys</h2>
        <p className="muted">For warehouse systems and scripts that call the local API. A key acts as the user it belongs to.</p>
      </div>
      <div className="settings-body card stack">
        {created ? <RevealedKey name={created.name} secret={created.key} onDone={() => setCreated(null)} /> : null}
        <form className="inline-form" onSubmit={create} noValidate>
          <TextField idScope="new-key" path="name" label="Key name" value={name} onValue={setName} error={fieldErrors.name} maxLength={64} placeholder="e.g. Warehouse WMS" />
          <SelectField idScope="new-key" path="username" label="Acts as" value={username} onValue={setUsername} error={fieldErrors.username}>
            <option value="">Me</option>
            {users.filter((u) => !u.disabled).map((u) => (
              <option key={u.id} value={u.username}>
                {u.username}
              </option>
            ))}
          </SelectField>
          <button type="submit" className="button button-primary" disabled={busy || !name.trim()}>
            Create API key
          </button>
        </form>
        {error ? (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        ) : null}
        {keys.error ? <ErrorNotice error={keys.error} /> : null}
        {keys.data && keys.data.items.length === 0 ? <p className="muted">No API keys yet.</p> : null}
        {keys.data && keys.data.items.length > 0 ? (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">User</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.data.items.map((key) => (
                  <tr key={key.id}>
                    <td>{key.name}</td>
                    <td className="mono">{key.prefix}…</td>
                    <td>{key.username}</td>
                    <td className="nowrap">{formatDateTime(key.createdOn)}</td>
                    <td className="nowrap">{key.lastUsedOn ? formatDateTime(key.lastUsedOn) : <span className="muted">Never</span>}</td>
                    <td className="row-actions">
                      <button type="button" className="button button-quiet button-danger-quiet button-small" onClick={() => setRevoking(key)} aria-label={`Revoke key ${key.name}`}>
                        Revoke
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        confirmLabel="Revoke key"
        cancelLabel="Keep key"
        tone="danger"
        busy={busy}
        onConfirm={() => revoking && void revoke(revoking)}
        onCancel={() => setRevoking(null)}
      >
        <p>Tools using this key stop working at once. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
