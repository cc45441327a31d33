/**
 * Track a parcel by its shipment number, tracking number or id and the delivery post code.
 * Open to anyone (the public tracking view); the query lives in the hash, so it can be shared.
 */
import { useState, type FormEvent } from 'react';
import { api, ApiProblem } from '../api';
import { ErrorNotice } from '../components/Notice';
import { StatusChip } from '../components/StatusChip';
import { formatDateTime } from '../lib/format';
import { useLoad } from '../hooks/use-load';
import { navigate } from '../router/navigation';
import { TrackingTimeline } from '../shipment/TrackingTimeline';

export function TrackPage({ reference, postCode }: { reference: string; postCode: string }) {
  const [ref, setRef] = useState(reference);
  const [code, setCode] = useState(postCode);
  const asked = reference && postCode ? JSON.stringify([reference, postCode]) : null;
  const result = useLoad(asked, () =>
    api.trackShipmentPublic({ params: { uniqueId: reference }, query: { postCode } }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = { page: 'track' as const, reference: ref.trim(), postCode: code.trim() };
    if (next.reference === reference && next.postCode === postCode) result.reload();
    else navigate(next);
  }

  const notFound = result.error instanceof ApiProblem && result.error.status === 404;
  const tracking = asked ? result.data : undefined;

  return (
    <div className="page page-narrow">
      <header className="page-header">
        <div>
          <h1>Track a parcel</h1>
          <p className="page-sub">
            Enter the shipment number, a tracking number or the shipment id, and the delivery post code.
          </p>
        </div>
      </header>
      <form className="card track-form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor="track-reference">
            Shipment or tracking number
          </label>
          <input
            id="track-reference"
            className="input mono"
            value={ref}
            onChange={(e) => setRef(e.target.value)}
            autoFocus
            spellCheck={false}
            maxLength={64}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="track-postcode">
            Delivery post code
          </label>
          <input
            id="track-postcode"
            className="input"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            maxLength={12}
            autoComplete="postal-code"
          />
        </div>
        <button
          type="submit"
          className="button button-primary"
          disabled={!ref.trim() || !code.trim() || result.loading}
        >
          {result.loading ? 'Tracking…' : 'Track'}
        </button>
      </form>

      {asked && result.error ? (
        notFound ? (
          <div className="notice notice-warning" role="alert">
            No parcel matches that number and post code. Check both and try again.
          </div>
        ) : (
          <ErrorNotice error={result.error} />
        )
      ) : null}

      {tracking && !result.error ? (
        <section className="card track-result" aria-labelledby="track-result-heading" aria-live="polite">
          <div className="track-summary">
            <div>
              <p className="section-label">Shipment</p>
              <h2 id="track-result-heading" className="mono track-number">
                {tracking.shipmentNumber}
              </h2>
            </div>
            <div>
              <p className="section-label">Status</p>
              <StatusChip status={tracking.lastStatus.status} />
            </div>
            <div>
              <p className="section-label">Last update</p>
              <p className="tabular">{formatDateTime(tracking.lastStatus.occurredOn)}</p>
            </div>
            {tracking.lastStatus.location ? (
              <div>
                <p className="section-label">Where</p>
                <p>{tracking.lastStatus.location}</p>
              </div>
            ) : null}
          </div>
          <h3 className="section-label">History</h3>
          <TrackingTimeline history={tracking.trackingHistory} showUser={false} />
        </section>
      ) : null}
    </div>
  );
}
