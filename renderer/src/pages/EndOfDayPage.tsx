/**
 * End of day (docs/contract.md §13): per carrier, how many Printed shipments wait for the driver
 * and how many are still Not Printed (left behind by a close). Enter on the focused carrier
 * asks first, naming it and its count, because a close cannot be undone; Enter again closes
 * its day and prints the manifest, Escape keeps it open. Earlier manifests print again.
 */
import { useEffect, useRef, useState } from 'react';
import { api, describeError } from '../api';
import type { OutputOf } from '../../../main/operations/spec';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ErrorNotice, Notice } from '../components/Notice';
import { printPdfInBrowser } from '../lib/browser-print';
import { formatDateTime, plural } from '../lib/format';
import { useLoad } from '../hooks/use-load';
import { hrefFor } from '../router/navigation';
import { shipmentsRoute } from '../router/routes';

type Manifest = OutputOf<'getManifest'>;
type Outcome = { tone: 'success' | 'warning'; text: string };
type CarrierDay = OutputOf<'getEndOfDay'>['items'][number];

const RECENT = 25;

async function printManifest(manifest: Pick<Manifest, 'base64String'>): Promise<void> {
  // A4, so the browser's dialog in both shells: the desk's silent printer is for labels.
  await printPdfInBrowser(manifest.base64String, 'A4');
}

export function EndOfDayPage() {
  const day = useLoad('end-of-day', () => api.getEndOfDay());
  const recent = useLoad('manifests', () => api.listManifests({ query: { ItemsPerPage: RECENT } }));
  const [busy, setBusy] = useState<number | string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirming, setConfirming] = useState<CarrierDay | null>(null);
  const firstWaiting = useRef<HTMLButtonElement>(null);
  const outcomeLine = useRef<HTMLDivElement>(null);
  const waitingCarrier = day.data?.items.find((c) => c.printedWaiting > 0);

  // The one key: as the screen opens, the first carrier with shipments waiting has the focus,
  // so Enter asks to close it. Only then: after a close the focus stays on what it did, never
  // on the next carrier's button, where a second Enter would close another day.
  const focusedOnOpen = useRef(false);
  useEffect(() => {
    if (!waitingCarrier || focusedOnOpen.current) return;
    focusedOnOpen.current = true;
    firstWaiting.current?.focus();
  }, [waitingCarrier]);
  useEffect(() => {
    if (outcome) outcomeLine.current?.focus();
  }, [outcome]);

  const closeDay = async ({ carrierId, carrier }: CarrierDay) => {
    setConfirming(null);
    setBusy(carrierId);
    setOutcome(null);
    try {
      const manifest = await api.createManifest({ body: { carrierId } });
      const made = `Manifest ${manifest.manifestNumber} for ${carrier}: ${plural(manifest.shipmentCount, 'shipment')}, ${plural(manifest.pieceCount, 'piece')}.`;
      try {
        await printManifest(manifest);
        setOutcome({ tone: 'success', text: `${made} Sent to print.` });
      } catch (error) {
        setOutcome({
          tone: 'warning',
          text: `${made} It was not printed: ${describeError(error)} Print it again below.`,
        });
      }
    } catch (error) {
      setOutcome({ tone: 'warning', text: describeError(error) });
    } finally {
      setBusy(null);
      day.reload();
      recent.reload();
    }
  };

  const reprint = async (id: number, number: string) => {
    setBusy(number);
    setOutcome(null);
    try {
      await printManifest(await api.getManifest({ params: { manifestId: String(id) } }));
      setOutcome({ tone: 'success', text: `Manifest ${number} sent to print again.` });
    } catch (error) {
      setOutcome({ tone: 'warning', text: `Manifest ${number} was not printed: ${describeError(error)}` });
    } finally {
      setBusy(null);
    }
  };

  const notPrintedHref = hrefFor(shipmentsRoute({ statuses: ['Not Printed'] }));
  return (
    <div className="page page-wide">
      <header className="page-header">
        <div>
          <h1>End of day</h1>
          <p className="page-sub">
            Closing a carrier’s day lists its Printed shipments on a manifest for the driver to sign.
          </p>
        </div>
        <div className="toolbar-right">
          <button
            type="button"
            className="button"
            onClick={() => {
              day.reload();
              recent.reload();
            }}
            disabled={day.loading}
          >
            {day.loading ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
      </header>

      {outcome ? (
        <div ref={outcomeLine} className={`notice notice-${outcome.tone}`} role="status" tabIndex={-1}>
          {outcome.text}
        </div>
      ) : null}
      {day.error ? (
        <ErrorNotice
          error={day.error}
          action={
            <button type="button" className="button button-small" onClick={day.reload}>
              Try again
            </button>
          }
        />
      ) : null}

      <section className="card" aria-labelledby="carriers-title">
        <h2 className="card-title" id="carriers-title">
          Today’s carriers
        </h2>
        {!day.data ? (
          <p className="empty" role="status">
            Loading…
          </p>
        ) : (
          <table className="table eod-table" aria-label="Carriers">
            <thead>
              <tr>
                <th scope="col">Carrier</th>
                <th scope="col" className="num">
                  Printed, waiting
                </th>
                <th scope="col" className="num">
                  Not printed
                </th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {day.data.items.map((c) => (
                <tr key={c.carrierId} data-testid={`carrier-${c.carrierId}`}>
                  <th scope="row">{c.carrier}</th>
                  <td className="num tabular">{c.printedWaiting}</td>
                  <td className="num tabular">
                    {c.notPrinted > 0 ? (
                      <a
                        className="eod-warning"
                        href={notPrintedHref}
                        title="They will not go on the manifest: print their labels first."
                      >
                        ⚠ {plural(c.notPrinted, 'shipment')} not printed
                      </a>
                    ) : (
                      <span className="muted">0</span>
                    )}
                  </td>
                  <td className="eod-action">
                    <button
                      type="button"
                      ref={c === waitingCarrier ? firstWaiting : undefined}
                      className={c === waitingCarrier ? 'button button-primary' : 'button'}
                      disabled={c.printedWaiting === 0 || busy !== null}
                      aria-keyshortcuts={c === waitingCarrier ? 'Enter' : undefined}
                      onClick={() => setConfirming(c)}
                    >
                      {busy === c.carrierId ? 'Closing…' : `Close day and print manifest`}
                      <span className="visually-hidden"> for {c.carrier}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {day.data && day.data.items.some((c) => c.notPrinted > 0) ? (
          <Notice tone="warning">
            Shipments still Not Printed stay off the manifest.{' '}
            <a href={notPrintedHref}>Show the Not Printed shipments</a>
          </Notice>
        ) : null}
        {waitingCarrier ? (
          <p className="card-note">
            Enter on a carrier’s button asks to close its day; the first with shipments waiting has the focus.
          </p>
        ) : day.data ? (
          <p className="card-note">No Printed shipment is waiting for a manifest.</p>
        ) : null}
      </section>

      <ConfirmDialog
        open={confirming !== null}
        title={`Close the day for ${confirming?.carrier ?? ''}?`}
        confirmLabel="Close day and print manifest"
        cancelLabel="Keep the day open"
        focus="confirm"
        onConfirm={() => confirming && void closeDay(confirming)}
        onCancel={() => setConfirming(null)}
      >
        <p>
          {plural(confirming?.printedWaiting ?? 0, 'Printed shipment')}{' '}
          {confirming?.printedWaiting === 1 ? 'goes' : 'go'} on a manifest for the driver to sign. A close cannot be
          undone. Enter closes it; Escape keeps the day open.
        </p>
      </ConfirmDialog>

      <section className="card" aria-labelledby="manifests-title">
        <h2 className="card-title" id="manifests-title">
          Earlier manifests
        </h2>
        {recent.error ? <ErrorNotice error={recent.error} /> : null}
        {recent.data && recent.data.items.length === 0 ? <p className="muted">No manifest yet.</p> : null}
        {recent.data && recent.data.items.length > 0 ? (
          <table className="table" aria-label="Manifests">
            <thead>
              <tr>
                <th scope="col">Manifest</th>
                <th scope="col">Carrier</th>
                <th scope="col">Closed</th>
                <th scope="col">By</th>
                <th scope="col" className="num">
                  Shipments
                </th>
                <th scope="col" className="num">
                  Pieces
                </th>
                <th scope="col" className="num">
                  Kg
                </th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {recent.data.items.map((m) => (
                <tr key={m.id}>
                  <td className="mono">{m.manifestNumber}</td>
                  <td>{m.carrier}</td>
                  <td className="tabular">{formatDateTime(m.createdOn)}</td>
                  <td>{m.createdBy}</td>
                  <td className="num tabular">{m.shipmentCount}</td>
                  <td className="num tabular">{m.pieceCount}</td>
                  <td className="num tabular">{m.totalWeightKg}</td>
                  <td className="eod-action">
                    <button
                      type="button"
                      className="button button-small"
                      disabled={busy !== null}
                      onClick={() => void reprint(m.id, m.manifestNumber)}
                    >
                      {busy === m.manifestNumber ? 'Printing…' : 'Print again'}
                      <span className="visually-hidden"> {m.manifestNumber}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {recent.data && recent.data.totalItems > RECENT ? (
          <p className="card-note">
            The newest {RECENT} of {recent.data.totalItems}.
          </p>
        ) : null}
      </section>
    </div>
  );
}
