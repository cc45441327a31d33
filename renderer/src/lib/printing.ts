/**
 * Printing a shipment's labels: through the station's own printers module when this desk has
 * a label printer (Settings → Printers); otherwise inside Electron the PDF goes silently to
 * the desk's printer, in a browser to the browser's print dialog (browser-print.ts).
 */
import type { LabelSize } from '../../../main/core/schemas';
import type { OutputOf } from '../../../main/operations/spec';
import { api, describeError } from '../api';
import { stationBridge } from '../api/bridge';
import { problemFromResponse } from '../api/problem';
import { useDeskSettings } from './desk-settings';
import { printPdfInBrowser } from './browser-print';
import { plural } from './format';

export interface PrintOutcome {
  /** Where the label went, for the status line. */
  message: string;
  /** Printed through a browser's print dialog, which never says whether the printer took it: ask. */
  check?: PrintedCheck;
}

/**
 * Labels a browser printed: the station cannot know whether they came out, so the operator
 * is asked, and only their yes marks them Printed (docs/desk.md, "Printing").
 */
export interface PrintedCheck {
  /** How many shipments' labels, for the question. */
  shipments: number;
  /** Marks them Printed: the same labels fetched again, this time marking. */
  markPrinted: () => Promise<void>;
}

/** The desk's printers, or null when the station has none to offer (the window prints then). */
const deskPrinters = () => api.listPrinters().catch(() => null);

/** Whether this desk has a label printer chosen in Settings → Printers. */
export async function hasLabelPrinter(): Promise<boolean> {
  return Boolean((await deskPrinters())?.labelPrinter.printerId);
}

export async function printShipmentLabel(shipmentId: string): Promise<PrintOutcome> {
  // A label printer chosen in Settings → Printers: the station sends the job itself, and
  // the shipment becomes Printed only once the printer took it (docs/contract.md §15).
  const printers = await deskPrinters();
  if (printers?.labelPrinter.printerId) {
    const sent = await api.printShipment({ params: { uniqueId: shipmentId }, query: {} });
    const forms = sent.documentPrinter ? ` CN23 and invoice sent to ${sent.documentPrinter}.` : '';
    return { message: `Label sent to ${sent.printer} (${sent.format.toUpperCase()}).${forms}` };
  }
  const bridge = stationBridge();
  // The label is fetched as a preview and the shipment marked Printed only once the print is
  // known to have happened: inside Electron the print callback says so; a browser's print
  // dialog says nothing, so there the operator is asked (docs/contract.md §7).
  const [label, { labelSize }] = await Promise.all([
    // A CN22 travels with the labels (docs/contract.md §17); a CN23 goes to an A4 printer instead.
    api.getShipmentLabel({ params: { uniqueId: shipmentId }, query: { markPrinted: false, includeCustoms: true } }),
    api.getSettings(),
  ]);
  if (!bridge) {
    await printPdfInBrowser(label.base64String, labelSize);
    const forms = await printCustomsForms(shipmentId, printers?.labelPrinter.documentPrinterId ?? null);
    return {
      message: `Label sent to the browser’s print dialog.${forms}`,
      check: {
        shipments: 1,
        markPrinted: async () => {
          await api.getShipmentLabel({ params: { uniqueId: shipmentId }, query: {} });
        },
      },
    };
  }
  const { printer } = useDeskSettings.getState();
  const result = await bridge.desktop.printLabel({ pdfBase64: label.base64String, printer, size: labelSize });
  if (!result.ok) throw problemFromResponse(result.problem.status, result.problem, result.problem.instance);
  if (!result.value.printed) return { message: 'The printer did not take the label; check it and print again.' };
  await api.getShipmentLabel({ params: { uniqueId: shipmentId }, query: {} });
  const forms = await printCustomsForms(shipmentId, printers?.labelPrinter.documentPrinterId ?? null);
  return { message: `Label sent to ${printer || 'the default printer'}.${forms}` };
}

/** How a batch's labels printed through the window went. */
export interface WindowBatchPrint {
  /** Marked Printed already (the desktop app's printer took them). */
  printed: boolean;
  /** A browser print: the operator is to say whether they came out. */
  check?: PrintedCheck;
  /** The line for the status, when the printer did not take them. */
  refused?: string;
}

/**
 * A batch's labels (fetched with markPrinted=false) printed through the window: inside
 * Electron silently on the desk's printer, whose answer marks them Printed (`markPrinted`);
 * in a browser through its print dialog, which says nothing, so the operator is asked.
 */
export async function printBatchInWindow(
  pdfBase64: string,
  shipments: number,
  markPrinted: () => Promise<void>,
): Promise<WindowBatchPrint> {
  const { labelSize } = await api.getSettings();
  const bridge = stationBridge();
  if (!bridge) {
    await printPdfInBrowser(pdfBase64, labelSize);
    return { printed: false, check: { shipments, markPrinted } };
  }
  const { printer } = useDeskSettings.getState();
  const result = await bridge.desktop.printLabel({ pdfBase64, printer, size: labelSize });
  if (!result.ok) throw problemFromResponse(result.problem.status, result.problem, result.problem.instance);
  if (!result.value.printed) {
    return {
      printed: false,
      refused: 'The printer did not take the labels: they stay Not Printed; check it and print again.',
    };
  }
  await markPrinted();
  return { printed: true };
}

/**
 * After labels printed through the window: a shipment that needs a CN23 gets it and its
 * commercial invoice on A4 (docs/contract.md §17), from the desk's A4 printer when one is chosen,
 * else as a second print through the window at A4. Says which, for the status line.
 */
async function printCustomsForms(shipmentId: string, documentPrinterId: string | null): Promise<string> {
  const { customsForm } = await api.getShipment({ params: { uniqueId: shipmentId } });
  if (customsForm !== 'CN23') return '';
  if (documentPrinterId) {
    // The labels are printed by now: a refusing A4 printer must not read as a failed label.
    try {
      const sent = await api.printShipmentCustoms({ params: { uniqueId: shipmentId } });
      return ` CN23 and invoice sent to ${sent.printer}.`;
    } catch (e) {
      return ` The CN23 and invoice were not printed: ${describeError(e)}`;
    }
  }
  const forms = await api.getShipmentCustoms({ params: { uniqueId: shipmentId }, query: {} });
  await printPdfInBrowser(forms.base64String, 'A4');
  return ' CN23 and invoice opened to print on A4 (a second print: choose an A4 printer in the dialog).';
}

/** Where a batch's CN23s and invoices went, for the status line and each shipment's line. */
export interface BatchFormsOutcome {
  /** " 2 CN23s and their invoices sent to Office laser.", or '' when the batch has no CN23. */
  message: string;
  /** The shipments whose CN23 and invoice went, and where ("to Office laser", "opened on A4"). */
  shipmentIds: Set<string>;
  where: string;
}

/**
 * After a batch's labels printed through the window: every CN23 and commercial invoice of the
 * batch, as ONE A4 job on the desk's A4 printer when one is chosen, else ONE second print
 * through the window, as a single shipment's forms go. A batch with no CN23 says nothing.
 */
export async function printBatchCustomsForms(
  batch: { shipmentIds: string[] } | { importIds: number[] },
): Promise<BatchFormsOutcome> {
  const none = { message: '', shipmentIds: new Set<string>(), where: '' };
  const documentPrinterId = (await deskPrinters())?.labelPrinter.documentPrinterId ?? null;
  if (documentPrinterId) {
    // The labels are printed by now: a refusing A4 printer must not read as failed labels.
    try {
      const sent = await api.printCustomsBatch({ body: batch });
      const n = sent.shipments.length;
      if (n === 0) return none;
      return {
        message: ` ${customsFormsOf(n)} sent to ${sent.printer}.`,
        shipmentIds: new Set(sent.shipments.map((s) => s.shipmentId)),
        where: `to ${sent.printer}`,
      };
    } catch (e) {
      return { ...none, message: ` The CN23s and invoices were not printed: ${describeError(e)}` };
    }
  }
  const forms = await api.getCustomsBatch({ body: batch });
  if (forms.shipments.length === 0) return none;
  await printPdfInBrowser(forms.base64String, 'A4');
  return {
    message: ` ${customsFormsOf(forms.shipments.length)} opened to print on A4 (a second print: choose an A4 printer in the dialog).`,
    shipmentIds: new Set(forms.shipments.map((s) => s.shipmentId)),
    where: 'opened to print on A4',
  };
}

/** "CN23 and invoice", "3 CN23s and their invoices". */
const customsFormsOf = (n: number) => (n === 1 ? 'CN23 and invoice' : `${plural(n, 'CN23')} and their invoices`);

/**
 * Several shipments' labels (an import's, or a selection's) as one job on the desk's label
 * printer, each CN22 after its labels, and every CN23 and invoice as one job on the desk's
 * A4 printer; the station marks them Printed once the printers took them.
 */
export async function printLabelsOnLabelPrinter(
  request: { importId: number } | { shipmentIds: string[] },
): Promise<OutputOf<'printLabelBatch'>> {
  return 'importId' in request
    ? api.printImportLabels({ params: { importId: String(request.importId) }, query: {} })
    : api.printLabelBatch({ body: { shipmentIds: request.shipmentIds }, query: {} });
}

type BatchPrinted = OutputOf<'printLabelBatch'>;

/** What a batch print sent where, in a line: "12 labels, 3 CN22 on Dock Zebra (ZPL); 2 CN23 + invoice on Office A4". */
export function batchPrintLine(sent: BatchPrinted): string {
  const printed = sent.results.filter((r) => r.ok);
  const labels = printed.reduce((n, r) => n + (r.labels ?? 0), 0);
  const cn22 = printed.filter((r) => r.customsForm === 'CN22').length;
  const cn23 = printed.filter((r) => r.customsForm === 'CN23').length;
  const onLabelPrinter = `${plural(labels, 'label')}${cn22 ? `, ${cn22} CN22` : ''} on ${sent.printer} (${sent.format.toUpperCase()})`;
  return cn23 && sent.documentPrinter
    ? `${onLabelPrinter}; ${cn23} CN23 + invoice on ${sent.documentPrinter}`
    : onLabelPrinter;
}

/** One shipment of a batch print, for its outcome line: "2 labels and its CN22 sent to Dock Zebra". */
export function batchPrintItemLine(item: BatchPrinted['results'][number], sent: BatchPrinted): string {
  if (!item.ok) return item.problem ?? 'not printed';
  const labels = `${plural(item.labels ?? 1, 'label')}${item.customsForm === 'CN22' ? ' and its CN22' : ''} sent to ${sent.printer}`;
  return item.customsForm === 'CN23' && sent.documentPrinter
    ? `${labels}; CN23 + invoice to ${sent.documentPrinter}`
    : labels;
}

/** How a shipped order's packing slip went: where, or why not, for the status line. */
export interface PackingSlipOutcome {
  ok: boolean;
  /** "Packing slip sent to Office A4." */
  text: string;
  /** The station's printer that took it. */
  printer?: string;
}

/** A whole sentence from a failure, for the end of a status line. */
const notPrinted = (error: unknown) => `The packing slip was not printed: ${describeError(error).replace(/\.?$/, '.')}`;

/**
 * After shipped orders' labels: each order's packing slip, one job per order in the order
 * given, when this desk prints them with the label (Settings → This desk; docs/desk.md,
 * "Packing slips"). The station prints them when it has the printer for them (an A4 printer
 * for an A4 slip, else the label printer); otherwise they go through the window as labels do.
 * Null when the desk prints none; never throws, so a slip that fails never reads as a failed ship.
 * `known`: the desk's printers as already loaded, so that nothing more is asked after a ship.
 */
export async function printPackingSlips(
  orderIds: string[],
  known?: OutputOf<'listPrinters'> | null,
): Promise<Map<string, PackingSlipOutcome> | null> {
  const printers = known === undefined ? await deskPrinters() : known;
  if (!printers?.packingSlip.printWithLabel || orderIds.length === 0) return null;
  const outcomes = new Map<string, PackingSlipOutcome>();
  let labelSize: Promise<LabelSize> | null = null;
  const labelSizeOnce = () => (labelSize ??= api.getSettings().then((s) => s.labelSize));
  for (const orderId of orderIds) {
    try {
      outcomes.set(orderId, await printOnePackingSlip(orderId, printers, labelSizeOnce));
    } catch (error) {
      outcomes.set(orderId, { ok: false, text: notPrinted(error) });
    }
  }
  return outcomes;
}

/**
 * An order's packing slip printed now (its page's Print packing slip), whatever the desk says
 * about printing it with the label: where printPackingSlips would print it. The line says
 * where, and, through a browser, that the desk has no printer for slips; never throws.
 */
export async function printOrderPackingSlip(orderId: string, orderNumber: string): Promise<PackingSlipOutcome> {
  try {
    const printers = await deskPrinters();
    const slip = await printOnePackingSlip(orderId, printers, async () => (await api.getSettings()).labelSize);
    const text = slip.text.replace(/^Packing slip/, `Packing slip of ${orderNumber}`);
    if (slip.printer || stationBridge()) return { ...slip, text };
    return { ...slip, text: `${text} This desk has no printer for packing slips (Settings → Printers).` };
  } catch (error) {
    return { ok: false, text: notPrinted(error) };
  }
}

/** Whether the station prints this desk's slips itself: a label printer, or an A4 printer for an A4 slip. */
function slipPrinterOnStation(printers: OutputOf<'listPrinters'>): boolean {
  const { printerId, documentPrinterId } = printers.labelPrinter;
  return Boolean(printerId || (printers.packingSlip.size === 'A4' && documentPrinterId));
}

/** One order's packing slip on the station's printer for slips, else through the window; throws when not printed. */
async function printOnePackingSlip(
  orderId: string,
  printers: OutputOf<'listPrinters'> | null,
  labelSize: () => Promise<LabelSize>,
): Promise<PackingSlipOutcome> {
  if (printers && slipPrinterOnStation(printers)) {
    const sent = await api.printPackingSlip({ params: { orderId } });
    return { ok: true, text: `Packing slip sent to ${sent.printer}.`, printer: sent.printer };
  }
  const size = await labelSize();
  return printPackingSlipInWindow(orderId, printers?.packingSlip.size === 'label' ? size : 'A4', size);
}

/**
 * A packing slip through the window: in a browser through its print dialog at the desk's size
 * (an A4 one asks for an A4 printer there); inside Electron silently on the desk's printer,
 * which is its label printer, so at the label's size.
 */
async function printPackingSlipInWindow(
  orderId: string,
  size: LabelSize | 'A4',
  labelSize: LabelSize,
): Promise<PackingSlipOutcome> {
  const bridge = stationBridge();
  const pageSize = bridge ? labelSize : size;
  const slip = await api.getPackingSlip({ params: { orderId }, query: { pageSize } });
  if (!bridge) {
    await printPdfInBrowser(slip.base64String, pageSize);
    return {
      ok: true,
      text:
        pageSize === 'A4'
          ? 'Packing slip opened to print on A4 (choose an A4 printer in the dialog).'
          : 'Packing slip sent to the browser’s print dialog.',
    };
  }
  const { printer } = useDeskSettings.getState();
  const result = await bridge.desktop.printLabel({ pdfBase64: slip.base64String, printer, size: labelSize });
  if (!result.ok) throw problemFromResponse(result.problem.status, result.problem, result.problem.instance);
  if (!result.value.printed) return { ok: false, text: 'The printer did not take the packing slip; print it again.' };
  return { ok: true, text: `Packing slip sent to ${printer || 'the default printer'}.` };
}
