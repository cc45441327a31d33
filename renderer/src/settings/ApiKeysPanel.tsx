/**
 * API keys for local tools (administrators). A new key is shown once, here, with a copy
 * button (RevealedSecret): the station keeps only its hash.
 */
import { useState } from 'react';
import type { ApiKey, User } from '../../../main/core/schemas';
import { api } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { SelectField, TextField } from '../components/Field';
import { RecordTable } from '../components/RecordTable';
import { RevealedSecret } from '../components/RevealedSecret';
import { formatDateTime } from '../lib/format';
import { useLoad } from '../hooks/use-load';
import { usePanelAction } from '../hooks/use-panel-action';
import { RecordsPanel } from './RecordsPanel';

export function ApiKeysPanel({ users }: { users: User[] }) {
  const keys = useLoad('api-keys', () => api.listApiKeys());
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const action = usePanelAction();
  const { busy, fieldErrors, run } = action;

  const create = () =>
    run(
      async () => {
        const result = await api.createApiKey({ body: { name: name.trim(), ...(username ? { username } : {}) } });
        setCreated({ name: result.apiKey.name, key: result.key });
        setName('');
        keys.reload();
      },
      { fields: ['name', 'username'] },
    );

  const revoke = (key: ApiKey) =>
    run(
      async () => {
        await api.revokeApiKey({ params: { apiKeyId: String(key.id) } });
        keys.reload();
      },
      { after: () => setRevoking(null) },
    );

  return (
    <RecordsPanel
      headingId="keys-heading"
      title="API keys"
      intro="For warehouse systems and scripts that call the local API. A key acts as the user it belongs to."
      action={action}
      dialog={
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
      }
      revealed={
        created ? (
          <RevealedSecret secret={created.key} label="The new API key" onDone={() => setCreated(null)}>
            <strong>Key “{created.name}” created.</strong> Copy it now: it is not shown again.
          </RevealedSecret>
        ) : null
      }
      fields={
        <>
          <TextField
            idScope="new-key"
            path="name"
            label="Key name"
            value={name}
            onValue={setName}
            error={fieldErrors.name}
            maxLength={64}
            placeholder="e.g. Warehouse WMS"
          />
          <SelectField
            idScope="new-key"
            path="username"
            label="Acts as"
            value={username}
            onValue={setUsername}
            error={fieldErrors.username}
          >
            <option value="">Me</option>
            {users
              .filter((u) => !u.disabled)
              .map((u) => (
                <option key={u.id} value={u.username}>
                  {u.username}
                </option>
              ))}
          </SelectField>
        </>
      }
      submitLabel="Create API key"
      canSubmit={Boolean(name.trim())}
      onSubmit={() => void create()}
    >
      <RecordTable
        list={keys}
        empty={<p className="muted">No API keys yet.</p>}
        headings={['Name', 'Key', 'User', 'Created', 'Last used']}
        row={(key) => (
          <>
            <td>{key.name}</td>
            <td className="mono">{key.prefix}…</td>
            <td>{key.username}</td>
            <td className="nowrap">{formatDateTime(key.createdOn)}</td>
            <td className="nowrap">
              {key.lastUsedOn ? formatDateTime(key.lastUsedOn) : <span className="muted">Never</span>}
            </td>
            <td className="row-actions">
              <button
                type="button"
                className="button button-quiet button-danger-quiet button-small"
                onClick={() => setRevoking(key)}
                aria-label={`Revoke key ${key.name}`}
              >
                Revoke
              </button>
            </td>
          </>
        )}
      />
    </RecordsPanel>
  );
}
