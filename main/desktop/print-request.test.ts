import { describe, expect, it } from 'vitest';
import { ProblemError } from '../core/errors';
import {
  checkPrinterExists,
  labelPrintOptions,
  MAX_PDF_BYTES,
  PAGE_SIZES_MICRONS,
  readPrintRequest,
} from './print-request';

const PDF = Buffer.from('%PDF-1.7\n%…\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const valid = { pdfBase64: PDF.toString('base64'), printer: 'Zebra_GK420d', size: '4x6' };

function fieldsOf(raw: unknown): Record<string, string> {
  try {
    readPrintRequest(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(ProblemError);
    expect((error as ProblemError).status).toBe(400);
    return (error as ProblemError).members;
  }
  throw new Error('expected a validation problem');
}

describe('readPrintRequest', () => {
  it('accepts a PDF, a printer and a size, and decodes the PDF', () => {
    const request = readPrintRequest(valid);
    expect(request.pdf.equals(PDF)).toBe(true);
    expect(request).toMatchObject({ printer: 'Zebra_GK420d', size: '4x6' });
    expect(readPrintRequest({ ...valid, size: 'A6' }).size).toBe('A6');
  });

  it.each([
    ['nothing', undefined, ['pdfBase64', 'printer', 'size']],
    ['an array', [], ['pdfBase64', 'printer', 'size']],
    ['no PDF', { ...valid, pdfBase64: '' }, ['pdfBase64']],
    ['text that is not base64', { ...valid, pdfBase64: 'not base64!' }, ['pdfBase64']],
    ['base64 that is not a PDF', { ...valid, pdfBase64: Buffer.from('<html>').toString('base64') }, ['pdfBase64']],
    [
      'a PDF over the size limit',
      { ...valid, pdfBase64: 'A'.repeat(Math.ceil(MAX_PDF_BYTES / 3) * 4 + 4) },
      ['pdfBase64'],
    ],
    ['no printer', { ...valid, printer: '  ' }, ['printer']],
    ['a printer name with control characters', { ...valid, printer: 'Zebra\u0000; rm -rf' }, ['printer']],
    ['a printer that is not text', { ...valid, printer: { name: 'Zebra' } }, ['printer']],
    ['an unknown size', { ...valid, size: 'A4' }, ['size']],
    ['an unknown field', { ...valid, copies: 5 }, ['copies']],
  ])('refuses %s, naming each wrong field', (_what, raw, fields) => {
    expect(Object.keys(fieldsOf(raw)).sort()).toEqual([...fields].sort());
  });
});

describe('checkPrinterExists', () => {
  const printers = [{ name: 'Zebra_GK420d' }, { name: 'Office' }];

  it('accepts a printer the system lists by its system name', () => {
    expect(() => checkPrinterExists('Zebra_GK420d', printers)).not.toThrow();
  });

  it.each(['Zebra GK420d', 'zebra_gk420d', 'Zebra_GK420d ', ''])('refuses %j with a 400 on printer', (name) => {
    expect(() => checkPrinterExists(name, printers)).toThrow(
      expect.objectContaining({ status: 400, members: { printer: expect.any(String) } }),
    );
  });
});

describe('labelPrintOptions', () => {
  it('prints silently to the chosen printer with no margins at 4×6 inches in microns', () => {
    expect(labelPrintOptions('Zebra_GK420d', '4x6')).toMatchObject({
      silent: true,
      deviceName: 'Zebra_GK420d',
      printBackground: false,
      margins: { marginType: 'none' },
      pageSize: { width: 101_600, height: 152_400 },
    });
  });

  it('prints A6 as 105 × 148 mm', () => {
    expect(labelPrintOptions('Office', 'A6').pageSize).toEqual({ width: 105_000, height: 148_000 });
  });

  it('matches the label PDF’s own page size (288 × 432 pt for 4×6)', () => {
    const micronsPerPoint = 25_400 / 72;
    expect(Math.round(288 * micronsPerPoint)).toBe(PAGE_SIZES_MICRONS['4x6'].width);
    expect(Math.round(432 * micronsPerPoint)).toBe(PAGE_SIZES_MICRONS['4x6'].height);
  });
});
