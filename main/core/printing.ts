/**
 * Printing labels (docs/contract.md §15): the rules, not the transports. The desk's printers (the
 * system's queues, network printers by address, which one prints labels) live in
 * main/printers and are handed to the station by open-station.ts; the core renders the
 * document, hands it over, and moves Not Printed → Printed only once the printer or its
 * spooler took the job.
 */
import type { LabelDpi, LabelFormat, OfficeSheet } from './label-data';
import type { LabelSize } from './schemas';
import type { PackingSlipSize } from './orders';
import type { Caller, ShipmentService } from './shipments';
import type { ImportService } from './imports';
import type { BatchPrintItem, CustomsBatchRequest, CustomsForm } from './schemas';
import { ProblemError, conflict, printerUnavailable } from './errors';

export interface Printer {
  /** `system:<queue>` or `network:<host>:<port>`. */
  id: string;
  name: string;
  kind: 'system' | 'network';
  /** host:port of a network printer. */
  address?: string;
}

/** The desk's label printer and how to write for it; and its A4 printer for customs forms. */
export interface LabelPrinterChoice {
  printerId: string | null;
  format: LabelFormat;
  dpi: LabelDpi;
  pageSize: LabelSize;
  /**
   * Labels on office paper (PDF only): the label printer is an office printer whose pages
   * are sheets of labels; the sheet decides `pageSize`. Null or left out: a roll of labels.
   */
  sheet?: OfficeSheet | null;
  /**
   * The desk's document (A4) printer: a CN23 and its commercial invoice go there as PDF
   * (docs/contract.md §17). Always in an overview; on a choice, left out keeps the current one.
   */
  documentPrinterId?: string | null;
}

/**
 * The desk's packing slip (docs/contract.md §18): A4, or the label printer's own size; and
 * whether shipping an order prints it after the label.
 */
export interface PackingSlipChoice {
  size: 'A4' | 'label';
  printWithLabel: boolean;
}

export const DEFAULT_PACKING_SLIP: PackingSlipChoice = { size: 'A4', printWithLabel: false };

export interface PrintJobRecord {
  printerId: string;
  printerName: string;
  /** What was printed: a shipment number, or "test page". */
  what: string;
  at: string;
  ok: boolean;
  error: string | null;
}

export interface PrinterOverview {
  items: Printer[];
  labelPrinter: LabelPrinterChoice;
  packingSlip: PackingSlipChoice;
  lastJob: PrintJobRecord | null;
  /** Why the system's printers could not be listed (no CUPS, …), or null. */
  systemError: string | null;
}

/** Where a job goes and how it is written; settled before anything is rendered. */
export interface PrintTarget {
  printer: Printer;
  format: LabelFormat;
  dpi: LabelDpi;
  pageSize: LabelSize | 'A4';
  /** The label printer's office sheets: the job's paper is the sheet's. */
  sheet?: OfficeSheet | null;
}

/** The label printer's target: its page is a label size, or a sheet of them. */
export interface LabelPrintTarget extends PrintTarget {
  pageSize: LabelSize;
  sheet: OfficeSheet | null;
}

/** The desk's printers, as main/printers keeps them. */
export interface DeskPrinters {
  overview(): Promise<PrinterOverview>;
  addNetworkPrinter(address: string, name?: string): Promise<PrinterOverview>;
  removeNetworkPrinter(printerId: string): Promise<PrinterOverview>;
  chooseLabelPrinter(choice: LabelPrinterChoice): Promise<PrinterOverview>;
  choosePackingSlip(choice: PackingSlipChoice): Promise<PrinterOverview>;
  packingSlip(): Promise<PackingSlipChoice>;
  /** The printer asked for (or the desk's label printer) and its format; throws a 503 problem when there is none. */
  target(printerId?: string): Promise<LabelPrintTarget>;
  /** The desk's A4 printer (PDF at A4), or null when none is chosen. */
  documentTarget(): Promise<PrintTarget | null>;
  /** Resolves once the printer or spooler accepted every byte; throws a printer-unavailable problem otherwise. */
  send(target: PrintTarget, document: Buffer, title: string): Promise<void>;
  recordJob(job: PrintJobRecord): Promise<void>;
}

/** A desk without printers (tests of other things, tools): every print is refused clearly. */
export const noPrinters: DeskPrinters = {
  overview: async () => ({
    items: [],
    labelPrinter: { printerId: null, format: 'pdf', dpi: 203, pageSize: '4x6', documentPrinterId: null },
    packingSlip: DEFAULT_PACKING_SLIP,
    lastJob: null,
    systemError: 'this station has no printers module',
  }),
  addNetworkPrinter: async () => {
    throw printerUnavailable('printers', 'this station has no printers module');
  },
  removeNetworkPrinter: async () => {
    throw printerUnavailable('printers', 'this station has no printers module');
  },
  chooseLabelPrinter: async () => {
    throw printerUnavailable('printers', 'this station has no printers module');
  },
  choosePackingSlip: async () => {
    throw printerUnavailable('printers', 'this station has no printers module');
  },
  packingSlip: async () => DEFAULT_PACKING_SLIP,
  target: async () => {
    throw printerUnavailable('printers', 'this station has no printers module');
  },
  documentTarget: async () => null,
  send: async () => {
    throw printerUnavailable('printers', 'this station has no printers module');
  },
  recordJob: async () => {},
};

/** What the printer doctor's test page shows: the printer and what the station assumed of it. */
export interface TestPageRequest {
  printerName: string;
  format: LabelFormat;
  dpi: LabelDpi;
  pageSize: LabelSize;
  /** The test page in every place of the sheet, as the labels will fall. */
  sheet?: OfficeSheet | null;
}
export type TestPageRenderer = (request: TestPageRequest) => Promise<Buffer>;

export interface TestPageResult {
  success: boolean;
  printerId: string;
  printer: string;
  format: LabelFormat;
  dpi: LabelDpi;
}

export interface PrintResult {
  success: boolean;
  printerId: string;
  printer: string;
  format: LabelFormat;
  status: string;
  /** The A4 printer that took a CN23 and its commercial invoice, when the shipment needs them. */
  documentPrinter?: string;
}

/** What a batch print (an import's labels, or a selection's) sent, and what became of each shipment. */
export interface BatchPrintResult {
  success: boolean;
  printerId: string;
  printer: string;
  format: LabelFormat;
  /** The A4 printer that took the CN23s and commercial invoices, when any shipment needed them. */
  documentPrinterId?: string;
  documentPrinter?: string;
  results: BatchPrintItem[];
}

/** Where a shipment's CN23 and commercial invoice went. */
export interface CustomsPrintResult {
  success: boolean;
  printerId: string;
  printer: string;
  form: CustomsForm;
}

/** Where an order's packing slip went. */
export interface PackingSlipPrintResult {
  success: boolean;
  printerId: string;
  printer: string;
  format: LabelFormat;
  pageSize: PackingSlipSize;
}

/** An order's packing slip written for a printer: its number (for the job's name) and the document. */
export type PackingSlipWriter = (
  orderId: string,
  size: PackingSlipSize,
  output: { format: LabelFormat; dpi: LabelDpi },
) => Promise<{ orderNumber: string; document: Buffer }>;

/** Where a batch's CN23s and commercial invoices went; no printer when none needed one. */
export interface CustomsBatchPrintResult {
  success: boolean;
  printerId?: string;
  printer?: string;
  shipments: { shipmentId: string; shipmentNumber: string }[];
}

export class PrintService {
  constructor(
    private readonly shipments: ShipmentService,
    private readonly imports: ImportService,
    readonly desk: DeskPrinters,
    private readonly testPages: TestPageRenderer,
    private readonly now: () => number,
    private readonly packingSlips: PackingSlipWriter,
  ) {}

  /** The size an order's packing slip takes when none is asked for: the desk's choice. */
  async packingSlipSize(): Promise<PackingSlipSize> {
    const [choice, overview] = await Promise.all([this.desk.packingSlip(), this.desk.overview()]);
    return choice.size === 'A4' ? 'A4' : overview.labelPrinter.pageSize;
  }

  /**
   * An order's packing slip on the desk's printers (docs/desk.md, "Packing slips"): an A4 slip
   * on the desk's A4 printer when it has one; otherwise, and for a slip at the label's size,
   * on the label printer in its format at its page size (an office sheet printer takes it as
   * an A4 page). A printer that refuses is a 503; the order is not touched either way.
   */
  async printPackingSlip(orderId: string): Promise<PackingSlipPrintResult> {
    const choice = await this.desk.packingSlip();
    const a4 = choice.size === 'A4' ? await this.desk.documentTarget() : null;
    const label = a4 ? null : await this.desk.target();
    const target: PrintTarget =
      a4 ?? (label!.sheet ? { ...label!, format: 'pdf', pageSize: 'A4', sheet: null } : label!);
    const { orderNumber, document } = await this.packingSlips(orderId, target.pageSize, {
      format: target.format,
      dpi: target.dpi,
    });
    await this.sendAndRecord(target, document, `packing slip ${orderNumber}`);
    return {
      success: true,
      printerId: target.printer.id,
      printer: target.printer.name,
      format: target.format,
      pageSize: target.pageSize,
    };
  }

  /** The printer doctor: a page with the printer's name, the assumed dpi, a ruler and a barcode. */
  async printTestPage(printerId?: string): Promise<TestPageResult> {
    const target = await this.desk.target(printerId);
    const { format, dpi, pageSize, sheet } = target;
    const document = await this.testPages({ printerName: target.printer.name, format, dpi, pageSize, sheet });
    await this.sendAndRecord(target, document, 'test page');
    return { success: true, printerId: target.printer.id, printer: target.printer.name, format, dpi };
  }

  /**
   * The labels (with a CN22) to the label printer; a CN23 and its commercial invoice to the
   * desk's A4 printer. Printed only once every printer took its job; with no A4 printer for
   * a CN23, nothing is sent at all.
   */
  async printShipment(uniqueId: string, caller: Caller, printerId?: string): Promise<PrintResult> {
    const [target, a4] = await Promise.all([this.desk.target(printerId), this.desk.documentTarget()]);
    const { shipment, labels, format, forms } = await this.shipments.printDocuments(uniqueId, {
      format: target.format,
      dpi: target.dpi,
      size: target.pageSize,
      sheet: target.sheet,
    });
    const what = shipment.shipmentNumber;
    if (forms && !a4) throw noA4Printer([what]);
    await this.sendAndRecord(target, labels, what);
    if (forms && a4) await this.sendAndRecord(a4, forms, `${what} CN23 and invoice`);
    const where = forms && a4 ? `${target.printer.name} and ${a4.printer.name}` : target.printer.name;
    await this.shipments.markPrinted(shipment, caller, `Label printed on ${where}`);
    const status = shipment.status === 'Not Printed' ? 'Printed' : shipment.status;
    return {
      success: true,
      printerId: target.printer.id,
      printer: target.printer.name,
      format,
      status,
      ...(forms && a4 ? { documentPrinter: a4.printer.name } : {}),
    };
  }

  /** Every label an import made, in row order, to the label printer as one job. */
  async printImport(importId: number, caller: Caller, printerId?: string): Promise<BatchPrintResult> {
    const uuids = await this.imports.createdShipments(importId);
    return this.printLabelBatch(uuids, caller, printerId, `import ${importId}`);
  }

  /**
   * Several shipments, in the order given, as at most two jobs (docs/contract.md §17): ONE to the
   * label printer in its format, dpi and page size (each shipment's labels, then its CN22
   * when it needs one) and ONE A4 PDF to the desk's A4 printer (every CN23 with its
   * commercial invoice). Printed only once every printer took its job; a CN23 with no A4
   * printer, or a refusal, is a 503 and nothing is marked (with no A4 printer nothing is
   * sent). Shipments without a label (unknown, cancelled) are listed as not printed; none
   * at all is a 409.
   */
  async printLabelBatch(
    uuids: string[],
    caller: Caller,
    printerId?: string,
    what = `${uuids.length} shipments`,
  ): Promise<BatchPrintResult> {
    const [target, a4] = await Promise.all([this.desk.target(printerId), this.desk.documentTarget()]);
    const { results, printable } = await this.imports.batch(uuids, true);
    if (printable.length === 0) throw conflict(`There is no label to print: ${what} has no shipment with a label.`);
    const needForms = printable.filter((s) => s.data.customs?.form === 'CN23');
    if (needForms.length > 0 && !a4) throw noA4Printer(needForms.map((s) => s.row.shipmentNumber));
    const [labels, forms] = await Promise.all([
      this.imports.labelPrinterDocument(printable, {
        format: target.format,
        dpi: target.dpi,
        size: target.pageSize,
        sheet: target.sheet,
      }),
      this.imports.a4Forms(printable),
    ]);
    await this.sendAndRecord(target, labels!, `labels of ${what}`);
    if (forms && a4) await this.sendAndRecord(a4, forms, `CN23s and invoices of ${what}`);
    const both = forms && a4 ? `${target.printer.name} and ${a4.printer.name}` : target.printer.name;
    const cn23 = new Set(needForms.map((s) => s.row.id));
    await this.imports.markLabelsPrinted(printable, caller, (row) =>
      cn23.has(row.id) ? `Label printed on ${both}` : `Label printed on ${target.printer.name}`,
    );
    return {
      success: true,
      printerId: target.printer.id,
      printer: target.printer.name,
      format: target.format,
      ...(forms && a4 ? { documentPrinterId: a4.printer.id, documentPrinter: a4.printer.name } : {}),
      results,
    };
  }

  /**
   * A shipment's CN23 and commercial invoice, alone, to the desk's A4 printer: for a desk
   * whose labels went through the window (no label printer chosen). A CN22 prints with the
   * labels, so it is a 409 here; no A4 printer is a 503. The status does not change: the
   * labels are what make a shipment Printed.
   */
  async printCustomsForms(uniqueId: string): Promise<CustomsPrintResult> {
    const customs = await this.shipments.customs(uniqueId, {});
    const what = (await this.shipments.view(uniqueId)).shipmentNumber;
    if (customs.form !== 'CN23') {
      throw conflict(`Shipment ${what} needs a CN22, which prints with its labels on the label printer, not on A4.`);
    }
    const a4 = await this.desk.documentTarget();
    if (!a4) throw noA4Printer([what]);
    await this.sendAndRecord(a4, Buffer.from(customs.base64String, 'base64'), `${what} CN23 and invoice`);
    return { success: true, printerId: a4.printer.id, printer: a4.printer.name, form: customs.form };
  }

  /**
   * A batch's CN23s and commercial invoices, as ONE A4 job on the desk's A4 printer: for a
   * desk whose labels went through the window. No CN23 in the batch sends nothing and needs
   * no printer; a CN23 with no A4 printer, or a refusal, is a 503. The status does not change.
   */
  async printCustomsBatch(request: CustomsBatchRequest): Promise<CustomsBatchPrintResult> {
    const [{ what, shipments, document }, a4] = await Promise.all([
      this.imports.customsBatch(request),
      this.desk.documentTarget(),
    ]);
    if (!document) return { success: true, shipments };
    if (!a4) throw noA4Printer(shipments.map((s) => s.shipmentNumber));
    await this.sendAndRecord(a4, document, `CN23s and invoices of ${what}`);
    return { success: true, printerId: a4.printer.id, printer: a4.printer.name, shipments };
  }

  private async sendAndRecord(target: PrintTarget, document: Buffer, what: string): Promise<void> {
    const job = {
      printerId: target.printer.id,
      printerName: target.printer.name,
      what,
      at: new Date(this.now()).toISOString(),
    };
    try {
      await this.desk.send(target, document, what);
    } catch (error) {
      const reason = error instanceof ProblemError ? (error.members.reason ?? error.message) : String(error);
      await this.desk.recordJob({ ...job, ok: false, error: reason });
      throw error instanceof ProblemError ? error : printerUnavailable(target.printer.name, reason);
    }
    await this.desk.recordJob({ ...job, ok: true, error: null });
  }
}

/**
 * A CN23 to print and no A4 printer: one answer for a shipment and for a batch, naming
 * every shipment that needs one, before anything is sent.
 */
function noA4Printer(shipmentNumbers: string[]): ProblemError {
  const shown = shipmentNumbers.slice(0, NAMED_IN_DETAIL).join(', ');
  const more = shipmentNumbers.length - NAMED_IN_DETAIL;
  const which =
    shipmentNumbers.length === 1
      ? `shipment ${shown} needs`
      : `shipments ${shown}${more > 0 ? ` and ${more} more` : ''} need`;
  const problem = printerUnavailable(
    'A4 printer',
    `${which} a CN23 and a commercial invoice on A4, and this desk has no A4 printer: choose one in Settings → Printers. Nothing was printed.`,
  );
  // Every one of them, for a tool; the sentence names the first few.
  problem.members.shipments = shipmentNumbers.join(', ');
  return problem;
}

/** Shipment numbers a sentence names before "and N more". */
const NAMED_IN_DETAIL = 20;
