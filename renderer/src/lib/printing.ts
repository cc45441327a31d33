/**
 * Printing a shipment's labels. Fetching the label is what moves a shipment from Not Printed
 * to Printed (CONTRACT §7). Inside Electron the PDF goes silently to the desk's label printer;
 * in a browser the browser's print dialog takes over (browser-print.ts).
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
  const [label, { labelSize }] = await Promise.all([
    // A CN22 travels with the labels (CONTRACT §17); a CN23 goes to an A4 printer instead.
    api.shipmentLabel({ params: { uniqueId: shipmentId }, query: { includeCustoms: true } }),
    api.getSettings(),
  ]);
  const bridge = stationBridge();
  if (!bridge) {
    await printPdfInBrowser(label.base64String, labelSize);
    return { message: 'Label sent to the browser’s print dialog.' };
  }
  const { printer } = useDeskSettings.getState();
  const result = await bridge.desktop.printLabel({ pdfBase64: label.base64String, printer, size: labelSize });
  if (!result.ok) throw problemFromResponse(result.problem.status, result.problem, result.problem.instance);
  return {
    message: result.value.printed
      ? `Label sent to ${printer || 'the default printer'}.`
      : 'The printer did not take the label; check it and print again.',
  };
}
