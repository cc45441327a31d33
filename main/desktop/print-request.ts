/**
 * What a print request from the window must look like, and the print settings it becomes.
 * Pure, so the checks have unit tests; printing.ts does the Electron part.
 */
import { FieldErrors, ProblemError } from '../core/errors';

export type LabelSize = '4x6' | 'A6';

export interface PrintRequest {
  pdf: Buffer;
  printer: string;
  size: LabelSize;
}

/** Page sizes in microns, as Chromium's print settings want them. */
export const PAGE_SIZES_MICRONS: Record<LabelSize, { width: number; height: number }> = {
  '4x6': { width: 101_600, height: 152_400 },
  A6: { width: 105_000, height: 148_000 },
};

/** A label PDF is a few tens of kilobytes per piece; 50 pieces stay far below this. */
export const MAX_PDF_BYTES = 20 * 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const PDF_MAGIC = '%PDF-';
const CONTROL_CHARACTERS = /\p{Cc}/u;

/** Checks a request from the renderer; every wrong field is named, as in docs/contract.md §2. */
export function readPrintRequest(raw: unknown): PrintRequest {
  const errors = new FieldErrors();
  const request = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<
    string,
    unknown
  >;
  for (const key of Object.keys(request)) {
    if (!['pdfBase64', 'printer', 'size'].includes(key)) errors.add(key, 'is not a field of a print request');
  }

  const { pdfBase64, printer, size } = request;
  let pdf = Buffer.alloc(0);
  if (typeof pdfBase64 !== 'string' || pdfBase64 === '') {
    errors.add('pdfBase64', 'is required: the label PDF as base64');
  } else if (pdfBase64.length > Math.ceil(MAX_PDF_BYTES / 3) * 4) {
    errors.add('pdfBase64', `must be at most ${MAX_PDF_BYTES / 1024 / 1024} MiB`);
  } else if (pdfBase64.length % 4 !== 0 || !BASE64.test(pdfBase64)) {
    errors.add('pdfBase64', 'is not base64');
  } else {
    pdf = Buffer.from(pdfBase64, 'base64');
    if (pdf.subarray(0, PDF_MAGIC.length).toString('latin1') !== PDF_MAGIC) errors.add('pdfBase64', 'is not a PDF');
  }

  if (typeof printer !== 'string' || printer.trim() === '') {
    errors.add('printer', 'is required: the printer’s system name');
  } else if (printer.length > 256 || CONTROL_CHARACTERS.test(printer)) {
    errors.add('printer', 'is not a printer name');
  }

  if (size !== '4x6' && size !== 'A6') errors.add('size', `${JSON.stringify(size ?? null)} is not one of: 4x6, A6`);

  errors.throwIfAny();
  return { pdf, printer: printer as string, size: size as LabelSize };
}

/** The printer must be one the operating system lists (its system name, not display name). */
export function checkPrinterExists(printer: string, printers: readonly { name: string }[]): void {
  if (!printers.some((p) => p.name === printer)) {
    throw new ProblemError('validation', `There is no printer named ${printer} on this computer.`, {
      printer: `${printer} is not a printer of this computer`,
    });
  }
}

/**
 * Silent, to the chosen printer, at the label's size with no margins: the PDF already
 * places everything on the page. Backgrounds off: labels are black on white.
 */
export function labelPrintOptions(printer: string, size: LabelSize) {
  return {
    silent: true,
    deviceName: printer,
    printBackground: false,
    color: false,
    landscape: false,
    copies: 1,
    margins: { marginType: 'none' as const },
    pageSize: { ...PAGE_SIZES_MICRONS[size] },
  };
}

/** What the print callback's failure reason means to the operator. */
export function printFailure(printer: string, reason: string): ProblemError {
  return new ProblemError(
    'internal',
    `The printer ${printer} did not print the label: ${reason || 'no reason given'}.`,
  );
}
