/**
 * One shipment: its status, addresses, pieces and history, a preview of every label, and
 * what a desk does with it — print, download, cancel, record a scan, make a return.
 */
import { useEffect, useRef, useState } from 'react';
import { api, ApiProblem, describeError } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DidItPrint } from '../components/DidItPrint';
import { ErrorNotice, Notice } from '../components/Notice';
import { StatusChip } from '../components/StatusChip';
import { formatDateTime, formatListTime } from '../lib/format';
import { downloadPdf } from '../lib/pdf-bytes';
import { useDeskSettings } from '../lib/desk-settings';
import { leaveOutcome, printOnCreateOutcome, startPrintOnCreate } from '../lib/pending-print';
import { printShipmentLabel, type PrintedCheck } from '../lib/printing';
import { cancelBlockedReason, scanBlockedReason } from '../lib/statuses';
import { useLoad } from '../hooks/use-load';
import { lastListHref, navigate } from '../router/navigation';
import { CustomsPreview } from '../shipment/CustomsPreview';
import { LabelPreview } from '../shipment/LabelPreview';
import { RecordScanForm } from '../shipment/RecordScanForm';
import { ReturnDialog, type ReturnChoice } from '../shipment/ReturnDialog';
import { ShipmentFacts } from '../shipment/ShipmentFacts';
import { useScanToOpen } from '../shipment/scan-to-open';
import { TrackingTimeline } from '../shipment/TrackingTimeline';

type Busy = 'printing' | 'downloading' | 'cancelling' | 'returning' | null;
type Outcome = { tone: 'success' | 'error' | 'warning'; text: string } | null;

export function ShipmentDetailPage({ id }: { id: string }) {
  // The next label of a stack is scanned here, without going back to the list first.
  useScanToOpen();
  const loaded = useLoad(id, async () => {
    const params = { uniqueId: id };
    // Printing moves the status: load after a print started on create has ended.
    const printed = await printOnCreateOutcome(id);
    const [shipment, tracking] = await Promise.all([api.getShipment({ params }), api.getShipmentTracking({ params })]);
    return { shipment, tracking, printed };
  });
  const [busy, setBusy] = useState<Busy>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [scanOpen, setScanOpen] = useState(false);
  const [returnOpen, setReturnOpen] = useState(false);
  const [returnErrors, setReturnErrors] = useState<Record<string, string>>({});
  const [confirmReprint, setConfirmReprint] = useState(false);
  const askReprintAfter = useDeskSettings((s) => s.askReprintAfter);
  // The Print button is disabled while printing, which drops focus to the page's body:
  // hand it back once the button is usable again, so the next keys work.
  const printButton = useRef<HTMLButtonElement>(null);
  const refocusPrint = useRef(false);
  useEffect(() => {
    if (!refocusPrint.current || busy !== null) return;
    refocusPrint.current = false;
    printButton.current?.focus();
  }, [busy]);
  // Likewise when the scan form closes (its button was disabled while it was open), and
  // after a cancel (its button stays disabled): focus goes to the heading with the status.
  const scanButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const scanWasOpen = useRef(false);
  useEffect(() => {
    if (scanOpen) scanWasOpen.current = true;
    else if (scanWasOpen.current) {
      scanWasOpen.current = false;
      (scanButton.current?.disabled ? heading.current : scanButton.current)?.focus();
    }
  }, [scanOpen]);
  // After the dialog has closed (the child's effect runs first), not while it is modal.
  const focusHeadingAfterCancel = useRef(false);
  useEffect(() => {
    if (!focusHeadingAfterCancel.current || confirmCancel || busy !== null) return;
    focusHeadingAfterCancel.current = false;
    heading.current?.focus();
  }, [confirmCancel, busy]);
  // Download PDF is disabled while fetching: the cursor goes back to it afterwards.
  const downloadButton = useRef<HTMLButtonElement>(null);
  const refocusDownload = useRef(false);
  useEffect(() => {
    if (!refocusDownload.current || busy !== null) return;
    refocusDownload.current = false;
    downloadButton.current?.focus();
  }, [busy]);
  // A browser print: asked whether it printed before anything is marked.
  const [check, setCheck] = useState<PrintedCheck | null>(null);
  const askedOnCreate = useRef(false);
  // Answered: back on Print label (the dialog closes first: the child's effect runs first).
  const hadCheck = useRef(false);
  useEffect(() => {
    if (check) hadCheck.current = true;
    else if (hadCheck.current) {
      hadCheck.current = false;
      printButton.current?.focus();
    }
  }, [check]);
  useEffect(() => {
    const fromCreate = loaded.data?.printed?.check;
    if (!fromCreate || askedOnCreate.current) return;
    askedOnCreate.current = true;
    setCheck(fromCreate);
  }, [loaded.data]);

  /** Asks first when the desk says so and the label has been printed that many times already. */
  function requestPrint(printCount: number) {
    if (askReprintAfter > 0 && printCount >= askReprintAfter) setConfirmReprint(true);
    else void print();
  }

  async function print() {
    setConfirmReprint(false);
    setBusy('printing');
    setOutcome(null);
    try {
      const { message, check: ask } = await printShipmentLabel(id);
      setOutcome({ tone: 'success', text: message });
      if (ask) setCheck(ask);
    } catch (error) {
      setOutcome({ tone: 'error', text: `The label was not printed: ${describeError(error)}` });
    } finally {
      setBusy(null);
      refocusPrint.current = true;
      loaded.reload();
    }
  }

  async function download(shipmentNumber: string) {
    refocusDownload.current = true;
    setBusy('downloading');
    setOutcome(null);
    try {
      // A download is not a print: the status stays (docs/contract.md §15).
      const label = await api.getShipmentLabel({ params: { uniqueId: id }, query: { markPrinted: false } });
      downloadPdf(label.base64String, `${shipmentNumber}-labels.pdf`);
    } catch (error) {
      setOutcome({ tone: 'error', text: `The PDF could not be fetched: ${describeError(error)}` });
    } finally {
      setBusy(null);
      loaded.reload();
    }
  }

  async function createReturn(choice: ReturnChoice) {
    setBusy('returning');
    setOutcome(null);
    let created;
    try {
      created = await api.createReturn({
        params: { uniqueId: id },
        body: {
          ...(choice.carrierServiceId === undefined ? {} : { carrierServiceId: choice.carrierServiceId }),
          ...(choice.referenceOne ? { referenceOne: choice.referenceOne } : {}),
        },
        headers: {},
      });
    } catch (error) {
      if (error instanceof ApiProblem && Object.keys(error.fields).length > 0) setReturnErrors({ ...error.fields });
      else {
        setReturnOpen(false);
        setOutcome({ tone: 'error', text: `The return was not created: ${describeError(error)}` });
      }
      setBusy(null);
      return;
    }
    setReturnOpen(false);
    setReturnErrors({});
    if (choice.label === 'save') {
      // A file for the customer is not a print: the return stays Not Printed.
      const file = `${created.shipmentNumber}-return-label.pdf`;
      try {
        const label = await api.getShipmentLabel({
          params: { uniqueId: created.shipmentId },
          query: { markPrinted: false },
        });
        downloadPdf(label.base64String, file);
        leaveOutcome(created.shipmentId, { ok: true, message: `Return label saved as ${file}.` });
      } catch (error) {
        leaveOutcome(created.shipmentId, {
          ok: false,
          message: `The return is created, but its label was not saved: ${describeError(error)}`,
        });
      }
    } else {
      // Its page waits for the print and says how it went.
      startPrintOnCreate(created.shipmentId);
    }
    setBusy(null);
    navigate({ page: 'shipment', id: created.shipmentId });
  }

  async function cancel() {
    setBusy('cancelling');
    setOutcome(null);
    try {
      await api.cancelShipment({ params: { uniqueId: id } });
      setOutcome({ tone: 'success', text: 'The shipment is cancelled.' });
    } catch (error) {
      setOutcome({ tone: 'error', text: `The shipment was not cancelled: ${describeError(error)}` });
    } finally {
      setConfirmCancel(false);
      setBusy(null);
      loaded.reload();
      focusHeadingAfterCancel.current = true;
    }
  }

  if (loaded.error && !loaded.data) {
    return (
      <div className="page">
        <p className="crumbs">
          <a href={lastListHref()}>← Shipments</a>
        </p>
        <ErrorNotice
          error={loaded.error}
          action={
            <button type="button" className="button button-small" onClick={loaded.reload}>
              Try again
            </button>
          }
        />
      </div>
    );
  }
  if (!loaded.data) {
    return (
      <div className="page">
        <p className="empty" role="status">
          Loading shipment…
        </p>
      </div>
    );
  }

  const { shipment, tracking, printed } = loaded.data;
  const shown: Outcome =
    outcome ?? (printed ? { tone: printed.ok ? 'success' : 'error', text: printed.message } : null);
  const status = tracking.lastStatus.status || shipment.status;
  const cancelReason = cancelBlockedReason(status);
  const scanReason = scanBlockedReason(status);
  const cancelled = status === 'Cancelled';

  return (
    <div className="page page-wide shipment-detail">
      <p className="crumbs">
        <a href={lastListHref()}>← Shipments</a>
      </p>
      <header className="page-header detail-header">
        <div>
          <h1 className="detail-title" ref={heading} tabIndex={-1}>
            <span className="mono">{shipment.shipmentNumber}</span>
            <span aria-live="polite" data-testid="shipment-status">
              <StatusChip status={status} />
            </span>
          </h1>
          <p className="page-sub">
            Created {formatDateTime(shipment.createdOn)} · {shipment.carrier} · {shipment.carrierService} ·{' '}
            {shipment.shipmentPieces.length} {shipment.shipmentPieces.length === 1 ? 'piece' : 'pieces'}
            {shipment.returnOf ? (
              <span data-testid="return-of">
                {' '}
                · return of{' '}
                <a className="mono" href={`#/shipments/${encodeURIComponent(shipment.returnOf)}`}>
                  {shipment.returnOfNumber}
                </a>
              </span>
            ) : null}
            {shipment.returns?.length ? (
              <span data-testid="returns">
                {' '}
                · {shipment.returns.length === 1 ? 'return' : 'returns'}{' '}
                {shipment.returns.map((uuid, i) => (
                  <span key={uuid}>
                    {i > 0 ? ', ' : ''}
                    <a className="mono" href={`#/shipments/${encodeURIComponent(uuid)}`}>
                      {shipment.returnNumbers?.[i] ?? uuid}
                    </a>
                  </span>
                ))}
              </span>
            ) : null}
            {shipment.printCount ? (
              <span data-testid="print-count">
                {' '}
                · printed {shipment.printCount}×
                {shipment.lastPrintedBy
                  ? `, last by ${shipment.lastPrintedBy} ${whenPrinted(shipment.lastPrintedOn)}`
                  : ''}
              </span>
            ) : null}
          </p>
        </div>
        <div className="toolbar-right">
          <button
            ref={printButton}
            type="button"
            className="button button-primary"
            onClick={() => requestPrint(shipment.printCount ?? 0)}
            disabled={busy !== null || cancelled}
            aria-describedby={cancelled ? 'cancel-reason' : undefined}
          >
            {busy === 'printing' ? 'Printing…' : 'Print label'}
          </button>
          <button
            ref={downloadButton}
            type="button"
            className="button"
            onClick={() => download(shipment.shipmentNumber)}
            disabled={busy !== null || cancelled}
            aria-describedby={cancelled ? 'cancel-reason' : undefined}
          >
            Download PDF
          </button>
          <button
            ref={scanButton}
            type="button"
            className="button"
            onClick={() => setScanOpen(true)}
            disabled={scanOpen || scanReason !== null}
            title={scanReason ?? undefined}
            aria-describedby={scanReason ? 'scan-reason' : undefined}
          >
            Record a scan
          </button>
          <button
            type="button"
            className="button"
            onClick={() => navigate({ page: 'new-shipment', from: shipment.shipmentId })}
            title="A new shipment with this one's addresses, service and pieces"
          >
            Ship again
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              setReturnErrors({});
              setReturnOpen(true);
            }}
            disabled={busy !== null || cancelled}
            aria-describedby={cancelled ? 'cancel-reason' : undefined}
            title="A return label from the addressee back to the sender"
          >
            Create return
          </button>
          <button
            type="button"
            className="button button-danger-quiet"
            onClick={() => setConfirmCancel(true)}
            disabled={busy !== null || cancelReason !== null}
            aria-describedby={cancelReason ? 'cancel-reason' : undefined}
          >
            Cancel shipment
          </button>
        </div>
      </header>
      {cancelReason && !cancelled ? (
        <p id="cancel-reason" className="action-reason">
          {cancelReason}
        </p>
      ) : null}
      {scanReason ? (
        <p id="scan-reason" className="action-reason">
          {scanReason}
        </p>
      ) : null}
      {cancelled ? (
        <p id="cancel-reason" className="action-reason">
          This shipment is cancelled: its labels are void and cannot be printed or downloaded. Ship again to send it
          anew.
        </p>
      ) : null}
      {shown ? (
        shown.tone === 'error' ? (
          // Already the operator's sentence (the printer's own words and what to do next).
          <p className="notice notice-error" role="alert">
            {shown.text}
          </p>
        ) : (
          <Notice tone={shown.tone}>{shown.text}</Notice>
        )
      ) : null}
      {loaded.error ? <ErrorNotice error={loaded.error} /> : null}
      <DidItPrint
        check={check}
        onAnswered={(answer) => {
          setCheck(null);
          setOutcome({ tone: answer.tone, text: `${shown?.text ?? ''} ${answer.text}`.trim() });
          loaded.reload();
        }}
      />

      <div className="detail-grid">
        <div className="detail-main">
          {scanOpen ? (
            <RecordScanForm
              shipmentId={id}
              currentStatus={status}
              onClose={() => setScanOpen(false)}
              onRecorded={(result) => {
                setScanOpen(false);
                setOutcome({ tone: 'success', text: `Scan recorded: ${result.lastStatus.status}.` });
                loaded.reload();
              }}
            />
          ) : null}
          <ShipmentFacts shipment={shipment} />
          <section className="card" aria-labelledby="history-heading">
            <h2 id="history-heading" className="card-title">
              Status history
            </h2>
            <TrackingTimeline history={tracking.trackingHistory} />
          </section>
        </div>
        <aside className="detail-side card" aria-labelledby="labels-heading">
          <div className="card-head">
            <h2 id="labels-heading" className="card-title">
              Labels <span className="count">{shipment.shipmentPieces.length}</span>
            </h2>
          </div>
          <LabelPreview labels={shipment.shipmentPieces} voided={cancelled} />
          {shipment.customsForm && shipment.status !== 'Cancelled' ? (
            <CustomsPreview id={id} shipmentNumber={shipment.shipmentNumber} form={shipment.customsForm} />
          ) : null}
        </aside>
      </div>

      <ReturnDialog
        open={returnOpen}
        shipment={shipment}
        busy={busy === 'returning'}
        errors={returnErrors}
        onCreate={(choice) => void createReturn(choice)}
        onClose={() => setReturnOpen(false)}
      />
      <ConfirmDialog
        open={confirmReprint}
        title={`Print ${shipment.shipmentNumber} again?`}
        confirmLabel="Print again"
        cancelLabel="Don’t print"
        focus="cancel"
        onConfirm={() => void print()}
        onCancel={() => setConfirmReprint(false)}
      >
        <p>
          Its label has been printed {shipment.printCount}×
          {shipment.lastPrintedBy ? `, last by ${shipment.lastPrintedBy} ${whenPrinted(shipment.lastPrintedOn)}` : ''}.
          A second parcel with the same label would travel as this one.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmCancel}
        title={`Cancel ${shipment.shipmentNumber}?`}
        confirmLabel={busy === 'cancelling' ? 'Cancelling…' : 'Cancel shipment'}
        cancelLabel="Keep shipment"
        tone="danger"
        busy={busy === 'cancelling'}
        onConfirm={cancel}
        onCancel={() => setConfirmCancel(false)}
      >
        <p>
          The carrier will not collect it and its labels can no longer be printed. Its tracking numbers are never
          reused. This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** "at 14:02" today, "on 20 Nov" before: as the list shows times. */
function whenPrinted(iso: string | null | undefined): string {
  const shown = formatListTime(iso);
  return /^\d{1,2}:\d{2}$/.test(shown) ? `at ${shown}` : `on ${shown}`;
}
