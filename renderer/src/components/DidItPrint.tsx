/**
 * "Did it print?": after labels went through a browser's print dialog, which never says
 * whether the printer took them. Yes (Enter) marks them Printed; No (Escape) leaves them Not
 * Printed, saying what to do next. Nothing is marked Printed on the browser's word alone.
 */
import { useState } from 'react';
import { describeError } from '../api';
import type { PrintedCheck } from '../lib/printing';
import { plural } from '../lib/format';
import { ConfirmDialog } from './ConfirmDialog';

export interface PrintedAnswer {
  printed: boolean;
  tone: 'success' | 'error' | 'warning';
  text: string;
}

export function DidItPrint({
  check,
  onAnswered,
}: {
  check: PrintedCheck | null;
  onAnswered: (answer: PrintedAnswer) => void;
}) {
  const [busy, setBusy] = useState(false);
  const one = check?.shipments === 1;
  const labels = one ? 'the label' : `the labels of ${plural(check?.shipments ?? 0, 'shipment')}`;

  const yes = async () => {
    if (!check) return;
    setBusy(true);
    try {
      await check.markPrinted();
      onAnswered({
        printed: true,
        tone: 'success',
        text: one ? 'Marked Printed.' : `Marked Printed: ${plural(check.shipments, 'shipment')}.`,
      });
    } catch (error) {
      onAnswered({ printed: false, tone: 'error', text: `Not marked Printed: ${describeError(error)}` });
    } finally {
      setBusy(false);
    }
  };
  const no = () =>
    onAnswered({
      printed: false,
      tone: 'warning',
      text: `Left Not Printed. Check the printer (paper, power, its queue), then print ${one ? 'the label' : 'them'} again.`,
    });

  return (
    <ConfirmDialog
      open={check !== null}
      title="Did it print?"
      confirmLabel="Yes, mark Printed"
      cancelLabel="No, leave Not Printed"
      focus="confirm"
      busy={busy}
      onConfirm={() => void yes()}
      onCancel={no}
    >
      <p>
        The browser cannot tell the station whether {labels} came out of the printer. Look at the printer: only labels
        in hand should be marked Printed.
      </p>
    </ConfirmDialog>
  );
}
