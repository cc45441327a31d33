/**
 * Webhooks (administrators): local tools told of changes as they happen. A new
 * subscription's signing secret is shown once, here; each subscription's latest
 * deliveries and failures are one click away, and a test event shows at once how its
 * listener answers.
 */
import { useState } from 'react';
import type { Webhook, WebhookDelivery } from '../../../main/core/schemas';
import { api } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { TextField } from '../components/Field';
import { ErrorNotice } from '../components/Notice';
import { RecordTable } from '../components/RecordTable';
import { RevealedSecret } from '../components/RevealedSecret';
import { formatDateTime } from '../lib/format';
import { useLoad } from '../hooks/use-load';
import { usePanelAction } from '../hooks/use-panel-action';
import { RecordsPanel } from './RecordsPanel';

/** The station tells an API caller the field that allows another host; here it is the checkbox. */
const ALLOW_REMOTE_FIELD = /an administrator may allow another host with allowRemoteHost: true/;
const ALLOW_REMOTE_BOX = 'tick “Allow another host” to deliver there';

function Deliveries({ webhook, version }: { webhook: Webhook; version: number }) {
  const deliveries = useLoad(`webhook-deliveries-${webhook.id}-${version}`, () =>
    api.listWebhookDeliveries({ params: { webhookId: String(webhook.id) } }),
  );
  if (deliveries.error) return <ErrorNotice error={deliveries.error} />;
  if (!deliveries.data) return null;
  if (deliveries.data.items.length === 0) return <p className="muted">Nothing sent to {webhook.url} yet.</p>;
  return (
    <div className="table-wrap">
      <table className="table" aria-label={`Deliveries to ${webhook.url}`}>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">State</th>
            <th scope="col">Attempts</th>
            <th scope="col">Last answer</th>
            <th scope="col">Next attempt</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.items.map((d: WebhookDelivery) => (
            <tr key={d.id}>
              <td>
                {d.type} <span className="muted mono">{d.eventId}</span>
              </td>
              <td className={d.state === 'failed' ? 'field-error' : undefined}>{d.state}</td>
              <td>{d.attempts}</td>
              <td>{d.error || (d.responseStatus !== null ? `HTTP ${d.responseStatus}` : '')}</td>
              <td className="nowrap">{d.nextAttemptOn ? formatDateTime(d.nextAttemptOn) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function WebhooksPanel() {
  const webhooks = useLoad('webhooks', () => api.listWebhooks());
  const [url, setUrl] = useState('');
  const [allowRemoteHost, setAllowRemoteHost] = useState(false);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const action = usePanelAction();
  const { busy, fieldErrors, run } = action;

  const subscribe = () =>
    run(
      async () => {
        const result = await api.createWebhook({
          body: { url: url.trim(), ...(allowRemoteHost ? { allowRemoteHost } : {}) },
        });
        setCreated({ url: result.webhook.url, secret: result.secret });
        setUrl('');
        webhooks.reload();
      },
      { fields: ['url'] },
    );

  const sendTest = (webhook: Webhook) =>
    run(async () => {
      const delivery = await api.testWebhook({ params: { webhookId: String(webhook.id) } });
      setOpen(webhook.id);
      setVersion((v) => v + 1);
      return delivery.state === 'delivered'
        ? `Test event delivered to ${webhook.url} (HTTP ${delivery.responseStatus}).`
        : `Test event not delivered: ${delivery.error}. It is retried.`;
    });

  const remove = (webhook: Webhook) =>
    run(
      async () => {
        await api.deleteWebhook({ params: { webhookId: String(webhook.id) } });
        if (open === webhook.id) setOpen(null);
        webhooks.reload();
      },
      { after: () => setRemoving(null) },
    );

  return (
    <RecordsPanel
      headingId="webhooks-heading"
      title="Webhooks"
      intro="Tell a local tool when a shipment is created, printed, cancelled or scanned: the station POSTs each event, signed, and retries until the tool answers."
      action={action}
      dialog={
        <ConfirmDialog
          open={removing !== null}
          title={`Remove the webhook to ${removing?.url ?? ''}?`}
          confirmLabel="Remove webhook"
          cancelLabel="Keep it"
          tone="danger"
          busy={busy}
          onConfirm={() => removing && void remove(removing)}
          onCancel={() => setRemoving(null)}
        >
          <p>Events not yet delivered to it are dropped.</p>
        </ConfirmDialog>
      }
      revealed={
        created ? (
          <RevealedSecret secret={created.secret} label="The webhook's signing secret" onDone={() => setCreated(null)}>
            <strong>Subscribed {created.url}.</strong> Its signing secret is not shown again:
          </RevealedSecret>
        ) : null
      }
      fields={
        <>
          <TextField
            idScope="new-webhook"
            path="url"
            label="Listener URL"
            value={url}
            onValue={setUrl}
            error={fieldErrors.url?.replace(ALLOW_REMOTE_FIELD, ALLOW_REMOTE_BOX)}
            maxLength={2000}
            placeholder="http://127.0.0.1:8080/hooks"
          />
          <label className="check-row">
            <input type="checkbox" checked={allowRemoteHost} onChange={(e) => setAllowRemoteHost(e.target.checked)} />
            <span>Allow another host</span>
          </label>
        </>
      }
      submitLabel="Subscribe"
      canSubmit={Boolean(url.trim())}
      onSubmit={() => void subscribe()}
    >
      <RecordTable
        list={webhooks}
        empty={<p className="muted">No webhooks yet.</p>}
        headings={['URL', 'Events', 'Created']}
        row={(webhook) => (
          <>
            <td className="mono">{webhook.url}</td>
            <td>{webhook.events.join(', ')}</td>
            <td className="nowrap">
              {formatDateTime(webhook.createdOn)} by {webhook.createdBy}
            </td>
            <td className="row-actions">
              <button
                type="button"
                className="button button-quiet button-small"
                disabled={busy}
                onClick={() => void sendTest(webhook)}
              >
                Send test
              </button>
              <button
                type="button"
                className="button button-quiet button-small"
                onClick={() => setOpen(open === webhook.id ? null : webhook.id)}
              >
                {open === webhook.id ? 'Hide' : 'Deliveries'}
              </button>
              <button
                type="button"
                className="button button-quiet button-danger-quiet button-small"
                onClick={() => setRemoving(webhook)}
                aria-label={`Remove webhook ${webhook.url}`}
              >
                Remove
              </button>
            </td>
          </>
        )}
      />
      {open !== null && webhooks.data?.items.some((w) => w.id === open) ? (
        <Deliveries webhook={webhooks.data.items.find((w) => w.id === open)!} version={version} />
      ) : null}
    </RecordsPanel>
  );
}
