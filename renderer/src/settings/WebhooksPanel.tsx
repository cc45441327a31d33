/**
 * Webhooks (administrators): local tools told of changes as they happen. A new
 * subscription's signing secret is shown once, here; each subscription's latest
 * deliveries and failures are one click away, and a test event shows at once how its
 * listener answers.
 */
import { useState, type FormEvent } from 'react';
import type { Webhook, WebhookDelivery } from '../../../main/core/schemas';
import { api, describeError, formErrors } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { TextField } from '../components/Field';
import { ErrorNotice } from '../components/Notice';
import { formatDateTime } from '../lib/format';
import { useLoad } from '../lib/use-load';

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
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [open, setOpen] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const [testResult, setTestResult] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const [busy, setBusy] = useState(false);

  async function subscribe(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const result = await api.createWebhook({ body: { url: url.trim(), ...(allowRemoteHost ? { allowRemoteHost } : {}) } });
      setCreated({ url: result.webhook.url, secret: result.secret });
      setUrl('');
      webhooks.reload();
    } catch (problem) {
      const { byField, notice } = formErrors(problem, ['url']);
      setFieldErrors(byField);
      setError(notice);
    } finally {
      setBusy(false);
    }
  }

  async function sendTest(webhook: Webhook) {
    setBusy(true);
    setError(null);
    try {
      const delivery = await api.testWebhook({ params: { webhookId: String(webhook.id) } });
      setTestResult(
        delivery.state === 'delivered'
          ? `Test event delivered to ${webhook.url} (HTTP ${delivery.responseStatus}).`
          : `Test event not delivered: ${delivery.error}. It is retried.`,
      );
      setOpen(webhook.id);
      setVersion((v) => v + 1);
    } catch (problem) {
      setError(describeError(problem));
    } finally {
      setBusy(false);
    }
  }

  async function remove(webhook: Webhook) {
    setBusy(true);
    setError(null);
    try {
      await api.deleteWebhook({ params: { webhookId: String(webhook.id) } });
      if (open === webhook.id) setOpen(null);
      webhooks.reload();
    } catch (problem) {
      setError(describeError(problem));
    } finally {
      setRemoving(null);
      setBusy(false);
    }
  }

  return (
    <section className="settings-section" aria-labelledby="webhooks-heading">
      <div className="settings-head">
        <h2 id="webhooks-heading">Webhooks</h2>
        <p className="muted">
          Tell a local tool when a shipment is created, printed, cancelled or scanned: the station POSTs each event, signed, and retries
          until the tool answers.
        </p>
      </div>
      <div className="settings-body card stack">
        {created ? (
          <div className="reveal" role="status">
            <p>
              <strong>Subscribed {created.url}.</strong> Its signing secret is not shown again:
            </p>
            <div className="reveal-row">
              <code className="reveal-key" aria-label="The webhook's signing secret">
                {created.secret}
              </code>
              <button type="button" className="button button-quiet button-small" onClick={() => setCreated(null)}>
                Done
              </button>
            </div>
          </div>
        ) : null}
        <form className="inline-form" onSubmit={subscribe} noValidate>
          <TextField idScope="new-webhook" path="url" label="Listener URL" value={url} onValue={setUrl} error={fieldErrors.url} maxLength={2000} placeholder="http://127.0.0.1:8080/hooks" />
          <label className="check-row">
            <input type="checkbox" checked={allowRemoteHost} onChange={(e) => setAllowRemoteHost(e.target.checked)} />
            <span>Allow another host</span>
          </label>
          <button type="submit" className="button button-primary" disabled={busy || !url.trim()}>
            Subscribe
          </button>
        </form>
        {error ? (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        ) : null}
        {testResult ? <p role="status">{testResult}</p> : null}
        {webhooks.error ? <ErrorNotice error={webhooks.error} /> : null}
        {webhooks.data && webhooks.data.items.length === 0 ? <p className="muted">No webhooks yet.</p> : null}
        {webhooks.data && webhooks.data.items.length > 0 ? (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">URL</th>
                  <th scope="col">Events</th>
                  <th scope="col">Created</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {webhooks.data.items.map((webhook) => (
                  <tr key={webhook.id}>
                    <td className="mono">{webhook.url}</td>
                    <td>{webhook.events.join(', ')}</td>
                    <td className="nowrap">
                      {formatDateTime(webhook.createdOn)} by {webhook.createdBy}
                    </td>
                    <td className="row-actions">
                      <button type="button" className="button button-quiet button-small" disabled={busy} onClick={() => void sendTest(webhook)}>
                        Send test
                      </button>
                      <button type="button" className="button button-quiet button-small" onClick={() => setOpen(open === webhook.id ? null : webhook.id)}>
                        {open === webhook.id ? 'Hide' : 'Deliveries'}
                      </button>
                      <button type="button" className="button button-quiet button-danger-quiet button-small" onClick={() => setRemoving(webhook)} aria-label={`Remove webhook ${webhook.url}`}>
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {open !== null && webhooks.data?.items.some((w) => w.id === open) ? (
          <Deliveries webhook={webhooks.data.items.find((w) => w.id === open)!} version={version} />
        ) : null}
      </div>
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
    </section>
  );
}
