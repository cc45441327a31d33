/**
 * Printing a shipment's labels: through the station's own printers module when this desk has
 * a label printer (Settings → Printers); otherwise inside Electron the PDF goes silently to
 * the desk's printer, in a browser to the browser's print dialog (browser-print.ts).
 */
import { api } from '../api';
import { stationBridge } from '../api/bridge';
import { problemFromResponse } from '../api/problem';
import { useDeskSettings } from './desk-settings';
import { printPdfInBrowser } from './browser-print';

export interface PrintOutcome {
  /** Where the label went, for the status line. */
  message: string;
}

export async function printShipmentLabel(shipmentId: string): Promise<PrintOutcome> {
  // A label printer chosen in Settings → Printers: the station sends the job itself, and
  // the shipment becomes Printed only once the printer took it (CONTRACT §15).
  const printers = await api.listPrinters().catch(() => null);
  if (printers?.labelPrinter.printerId) {
    const sent = await api.printShipment({ params: { uniqueId: shipmentId }, query: {} });
    const forms = sent.documentPrinter ? ` CN23 and invoice sent to ${sent.documentPrinter}.` : '';
    return { message: `Label sent to ${sent.printer} (${sent.format.toUpperCase()}).${forms}` };
  }
  const bridge = stationBridge();
  // Inside Electron the print callback says whether the printer took the job, so the label
  // is fetched as a preview and the shipment marked Printed only after that success; a
  // browser's print dialog says nothing, so there fetching the label prints (§7).
  const [label, { labelSize }] = await Promise.all([
    // A CN22 travels with the labels (CONTRACT §17); a CN23 goes to an A4 printer instead.
    api.getShipmentLabel({
      params: { uniqueId: shipmentId },
      query: bridge ? { markPrinted: false, includeCustoms: true } : { includeCustoms: true },
    }),
    api.getSettings(),
  ]);
  if (!bridge) {
    await printPdfInBrowser(label.base64String, labelSize);
    return { message: 'Label sent to the browser’s print dialog.' };
  }
  const { printer } = useDeskSettings.getState();
  const result = await bridge.desktop.printLabel({ pdfBase64: label.base64String, printer, size: labelSize });
  if (!result.ok) throw problemFromResponse(result.problem.status, result.problem, result.problem.instance);
  if (result.value.printed) await api.getShipmentLabel({ params: { uniqueId: shipmentId }, query: {} });
  return {
    message: result.value.printed
      ? `Label sent to ${printer || 'the default printer'}.`
      : 'The printer did not take the label; check it and print again.',
  };
}
