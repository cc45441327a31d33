/**
 * An international shipment's customs forms beside its labels (docs/contract.md §17): the CN22, or
 * the CN23 and commercial invoice, drawn with pdf.js, and a download of the PDF. Fetching
 * the forms never changes the shipment's status.
 */
import { useEffect, useRef, useState } from 'react';
import type { CustomsForm } from '../../../main/core/schemas';
import { api, describeError } from '../api';
import { downloadPdf } from '../lib/pdf-bytes';

type State =
  { status: 'loading' } | { status: 'done'; base64: string; pages: number } | { status: 'failed'; message: string };

export function CustomsPreview({
  id,
  shipmentNumber,
  form,
  cssWidth = 288,
}: {
  id: string;
  shipmentNumber: string;
  form: CustomsForm;
  cssWidth?: number;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const target = host.current;
    if (!target) return;
    const controller = new AbortController();
    target.replaceChildren();
    (async () => {
      const customs = await api.getShipmentCustoms({ params: { uniqueId: id }, query: {} });
      const { renderPdfPages } = await import('../lib/pdf');
      const names =
        customs.form === 'CN22' ? ['CN22 customs declaration'] : ['CN23 customs declaration', 'Commercial invoice'];
      const rendered = await renderPdfPages(customs.base64String, target, {
        cssWidth,
        signal: controller.signal,
        label: (page) => `${names[page - 1] ?? `Customs page ${page}`} of ${shipmentNumber}`,
      });
      return { base64: customs.base64String, pages: rendered.pages };
    })().then(
      (done) => !controller.signal.aborted && setState({ status: 'done', ...done }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'failed', message: describeError(error) }),
    );
    return () => {
      controller.abort();
      target.replaceChildren();
    };
  }, [id, shipmentNumber, cssWidth]);

  return (
    <section className="customs-preview" aria-labelledby="customs-preview-heading">
      <div className="card-head">
        <h2 id="customs-preview-heading" className="card-title">
          Customs <span className="badge">{form === 'CN22' ? 'CN22' : 'CN23 + invoice'}</span>
        </h2>
        <button
          type="button"
          className="button button-small"
          disabled={state.status !== 'done'}
          onClick={() => state.status === 'done' && downloadPdf(state.base64, `${shipmentNumber}-customs.pdf`)}
        >
          Download
        </button>
      </div>
      <p className="card-note">
        {form === 'CN22'
          ? 'Goes with the labels, on the label printer.'
          : 'Above the CN22 limit: Print sends the CN23 and the invoice to the desk’s A4 printer (Settings → Printers), or with none chosen opens them as a second print at A4; attach them to the parcel.'}
      </p>
      <div
        ref={host}
        className="label-pages"
        data-testid="customs-pages"
        aria-busy={state.status === 'loading'}
        data-pages={state.status === 'done' ? state.pages : undefined}
      />
      {state.status === 'loading' ? (
        <p className="muted" role="status">
          Drawing customs forms…
        </p>
      ) : null}
      {state.status === 'failed' ? (
        <p className="notice notice-error" role="alert">
          The customs forms could not be drawn: {state.message}
        </p>
      ) : null}
    </section>
  );
}
