/** This desk's printers and printing to them: rows of the operation table (see ../spec.ts). */
import * as S from '../../core/schemas';
import { jsonBody, operationRows } from './operation';

export const printerOperations = operationRows({
  listPrinters: {
    method: 'GET',
    path: '/printers',
    tag: 'Printers',
    access: 'user',
    summary: "This desk's printers (system queues and network printers), its label printer choice and last job",
    response: S.PrinterOverviewSchema,
  },
  addNetworkPrinter: {
    method: 'POST',
    path: '/printers',
    tag: 'Printers',
    access: 'user',
    summary: 'Add a network label printer by address (host:port, port 9100 by default)',
    ...jsonBody(S.AddNetworkPrinterRequest),
    response: S.PrinterOverviewSchema,
  },
  removeNetworkPrinter: {
    method: 'DELETE',
    path: '/printers/{printerId}',
    tag: 'Printers',
    access: 'user',
    summary: 'Remove a network printer from this desk',
    params: S.PrinterIdParams,
    response: S.PrinterOverviewSchema,
  },
  chooseLabelPrinter: {
    method: 'PUT',
    path: '/printers/label-printer',
    tag: 'Printers',
    access: 'user',
    summary: "Choose this desk's label printer, its format (pdf or zpl), dpi and page size",
    ...jsonBody(S.LabelPrinterChoiceSchema),
    response: S.PrinterOverviewSchema,
  },
  printShipment: {
    method: 'POST',
    path: '/shipments/{uniqueId}/print',
    tag: 'Printers',
    access: 'user',
    summary:
      'Print every label of a shipment; Not Printed → Printed once the printer or spooler took the job (503 otherwise)',
    params: S.ShipmentIdParams,
    query: S.PrintQuery,
    response: S.PrintResponse,
  },
  printTestPage: {
    method: 'POST',
    path: '/printers/test-page',
    tag: 'Printers',
    access: 'user',
    summary: 'Print a test page (printer name, assumed dpi, a ruler, a barcode) on the label printer or the one named',
    query: S.TestPageQuery,
    response: S.TestPageResponse,
  },
  printImportLabels: {
    method: 'POST',
    path: '/imports/{importId}/print',
    tag: 'Printers',
    access: 'user',
    summary:
      "Print every label of an import, in row order, on the desk's label printer as one job (each CN22 after its shipment's labels), and every CN23 with its commercial invoice on the desk's A4 printer as one job; Printed once the printers took them (503 otherwise, and before anything is sent when a CN23 has no A4 printer)",
    params: S.ImportIdParams,
    query: S.PrintQuery,
    response: S.BatchPrintResponse,
    problems: { 409: 'The import created no shipment with a label.' },
  },
  printLabelBatch: {
    method: 'POST',
    path: '/labels/print',
    tag: 'Printers',
    access: 'user',
    summary:
      "Print the labels of several shipments, in the order given, on the desk's label printer as one job (each CN22 after its shipment's labels), and every CN23 with its commercial invoice on the desk's A4 printer as one job; Printed once the printers took them (503 otherwise, and before anything is sent when a CN23 has no A4 printer)",
    ...jsonBody(S.BulkLabelsRequest),
    query: S.PrintQuery,
    response: S.BatchPrintResponse,
    problems: { 409: 'None of the shipments has a label (unknown or cancelled).' },
  },
  printShipmentCustoms: {
    method: 'POST',
    path: '/shipments/{uniqueId}/customs/print',
    tag: 'Printers',
    access: 'user',
    summary:
      "Print a shipment's CN23 and commercial invoice on the desk's A4 printer (503 when it has none or it refuses); the status does not change",
    params: S.ShipmentIdParams,
    response: S.CustomsPrintResponse,
    problems: { 409: 'The shipment is domestic or cancelled, or needs a CN22 (printed with its labels).' },
  },
  printCustomsBatch: {
    method: 'POST',
    path: '/labels/customs/print',
    tag: 'Printers',
    access: 'user',
    summary:
      "Print every CN23 with its commercial invoice of a batch (shipments, or imports) on the desk's A4 printer as one job, in the batch order; nothing is sent when none needs a CN23 (503 when one does and the desk has no A4 printer or it refuses); the status does not change",
    ...jsonBody(S.CustomsBatchRequest),
    response: S.CustomsBatchPrintResponse,
    problems: { 409: 'None of the shipments has a label (unknown or cancelled), or the imports created none.' },
  },
});
