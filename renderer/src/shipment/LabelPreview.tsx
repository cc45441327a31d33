/**
 * A crisp preview of every label page: each piece's label PDF drawn with pdf.js onto its own
 * canvas. Uses the labels the detail view already carries, so previewing never marks the
 * shipment Printed (only fetching /label does). A cancelled shipment's preview is stamped VOID;
 * its label PDF is not (the station refuses the label of a cancelled shipment, docs/contract.md §7).
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';

interface LabelPreviewProps {
  /** One base 64 PDF per piece, in sequence order. */
  labels: { sequenceNumber: number; trackingNumber: string; base64String: string }[];
  cssWidth?: number;
  /** The shipment is cancelled: every page is stamped VOID. */
  voided?: boolean;
}

type PreviewState = { key: string; status: 'done'; pages: number } | { key: string; status: 'failed'; message: string };

export function LabelPreview({ labels, cssWidth = 288, voided = false }: LabelPreviewProps) {
  const host = useRef<HTMLDivElement>(null);
  const key = `${voided ? 'void|' : ''}${labels.map((l) => `${l.sequenceNumber}:${l.base64String.length}:${l.base64String.slice(-16)}`).join('|')}`;
  const [state, setState] = useState<PreviewState | null>(null);
  // `key` stands for `labels`: the same labels are not drawn again on every render.
  const currentLabels = useEffectEvent(() => labels);

  useEffect(() => {
    const target = host.current;
    if (!target) return;
    const controller = new AbortController();
    target.replaceChildren();
    (async () => {
      // pdf.js is large: it loads with the first preview, not with the app.
      const { renderPdfPages } = await import('../lib/pdf');
      let pages = 0;
      for (const label of currentLabels()) {
        const rendered = await renderPdfPages(label.base64String, target, {
          cssWidth,
          signal: controller.signal,
          ...(voided ? { stamp: 'VOID' } : {}),
          label: (page) =>
            `${voided ? 'Void label' : 'Label'} of piece ${label.sequenceNumber}${page > 1 ? `, page ${page}` : ''}, tracking number ${label.trackingNumber}`,
        });
        pages += rendered.pages;
      }
      return pages;
    })().then(
      (pages) => !controller.signal.aborted && setState({ key, status: 'done', pages }),
      (error: unknown) =>
        !controller.signal.aborted &&
        setState({ key, status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      controller.abort();
      target.replaceChildren();
    };
  }, [key, cssWidth, voided]);

  const current = state?.key === key ? state : null;
  return (
    <div className="label-preview">
      <div
        ref={host}
        className="label-pages"
        data-testid="label-pages"
        data-void={voided || undefined}
        aria-busy={!current}
        data-pages={current?.status === 'done' ? current.pages : undefined}
      />
      {!current ? (
        <p className="muted" role="status">
          Drawing labels…
        </p>
      ) : null}
      {current?.status === 'failed' ? (
        <p className="notice notice-error" role="alert">
          The label preview could not be drawn. Print label and Download PDF still work; reload the window to try the
          preview again.
        </p>
      ) : null}
    </div>
  );
}
