/**
 * The printer doctor's test page: the printer's name, the dpi, format and size the station
 * assumed, a ruler in centimetres and a barcode. Printed at the wrong dpi, the ruler no
 * longer measures true centimetres, so an operator sees the mismatch at once. Laid out
 * like a label and written by the same PDF and ZPL writers.
 */
import { SHEET_LABEL_SIZE, type LabelDpi, type LabelFormat, type OfficeSheet } from '../core/label-data';
import type { LabelSize } from '../core/schemas';
import { loadLabelFonts, resolveFontsDir } from './label-fonts';
import { LABEL_PAGE_SIZES, type LabelPart, type PageLayout } from './label-layout';
import { TextFit, type DrawOptions } from './label-text';
import { writePdf } from './render-label';
import { writeZpl } from './render-zpl';
import { onSheets, sheetSlots } from './office-sheet';

export interface TestPageRequest {
  printerName: string;
  format: LabelFormat;
  dpi: LabelDpi;
  pageSize: LabelSize;
  /** Labels on office paper: the test page in every place of the sheet, as labels will fall. */
  sheet?: OfficeSheet | null | undefined;
}

const MM = 72 / 25.4;
const MARGIN = 12;
const PAD = 8;
/** Any fixed date: the page must come out the same every time. */
const PAGE_DATE = new Date(Date.UTC(2000, 0, 1));

export function layoutTestPage(fit: TextFit, request: TestPageRequest): PageLayout {
  const [width, height] = LABEL_PAGE_SIZES[request.pageSize] ?? LABEL_PAGE_SIZES['4x6'];
  const parts: LabelPart[] = [];
  const inner = width - 2 * MARGIN;
  const left = MARGIN + PAD;
  const textW = inner - 2 * PAD;
  const text = (raw: string, baseline: number, o: Omit<DrawOptions, 'width'> & { width?: number }) => {
    const fitted = fit.fit(raw, { width: textW, ...o });
    if (fitted.text) {
      parts.push({
        kind: 'text',
        text: fitted.text,
        x: left,
        baseline,
        width: o.width ?? textW,
        size: fitted.size,
        weight: o.weight ?? 'regular',
        align: o.align ?? 'left',
        color: 'black',
      });
    }
  };
  parts.push({ kind: 'fill', box: { x: MARGIN, y: MARGIN, width: inner, height: 34 }, color: 'black' });
  parts.push({
    kind: 'text',
    text: 'PRINTER TEST PAGE',
    x: MARGIN + 8,
    baseline: MARGIN + 23,
    width: inner - 16,
    size: 16,
    weight: 'bold',
    align: 'left',
    color: 'white',
  });
  text(request.printerName, MARGIN + 62, { size: 15, minSize: 8, weight: 'bold' });
  const size = request.sheet
    ? `${sheetSlots(request.sheet).length} × ${SHEET_LABEL_SIZE[request.sheet] === '4x6' ? '4×6 in' : 'A6'} on ${request.sheet.split('-')[0]}`
    : request.pageSize === '4x6'
      ? '4×6 in'
      : 'A6';
  text(`Station assumes: ${request.dpi} dpi · ${request.format.toUpperCase()} · ${size}`, MARGIN + 82, {
    size: 10,
    minSize: 7,
  });

  // The ruler: a tick a millimetre, longer every 5 mm, numbered every centimetre.
  const rulerY = MARGIN + 130;
  const cm = Math.floor(textW / (10 * MM));
  parts.push({ kind: 'fill', box: { x: left, y: rulerY, width: cm * 10 * MM, height: 1 }, color: 'black' });
  for (let mm = 0; mm <= cm * 10; mm++) {
    const tall = mm % 10 === 0 ? 16 : mm % 5 === 0 ? 10 : 6;
    parts.push({
      kind: 'fill',
      box: { x: left + mm * MM - 0.4, y: rulerY - tall, width: 0.8, height: tall },
      color: 'black',
    });
    if (mm % 10 === 0) {
      parts.push({
        kind: 'text',
        text: String(mm / 10),
        x: left + mm * MM - 10,
        baseline: rulerY + 12,
        width: 20,
        size: 8,
        weight: 'bold',
        align: 'center',
        color: 'black',
      });
    }
  }
  text(`cm — if this ruler does not measure true centimetres, the printer is not ${request.dpi} dpi:`, rulerY + 30, {
    size: 8,
    minSize: 6,
  });
  text('choose its real dpi in Settings, Printers.', rulerY + 41, { size: 8, minSize: 6 });

  const barcodeY = rulerY + 60;
  parts.push({
    kind: 'code128',
    value: `TEST ${request.dpi} DPI`,
    box: { x: MARGIN, y: barcodeY, width: inner, height: 60 },
  });
  text(`TEST ${request.dpi} DPI`, barcodeY + 76, { size: 11, weight: 'bold', align: 'center' });
  parts.push({
    kind: 'stroke',
    lineWidth: 1.5,
    segments: [],
    rects: [{ x: MARGIN, y: MARGIN, width: inner, height: height - 2 * MARGIN }],
  });
  return { width, height, parts };
}

export function renderTestPageSync(request: TestPageRequest): Buffer {
  const fonts = loadLabelFonts(resolveFontsDir());
  const sheet = request.format === 'pdf' ? request.sheet : null;
  if (sheet) {
    // One sheet, a test page in each place: what is cut off or misplaced shows at once.
    const page = layoutTestPage(new TextFit(fonts), { ...request, pageSize: SHEET_LABEL_SIZE[sheet] });
    const pages = [
      ...onSheets(
        sheetSlots(sheet).map(() => page),
        sheet,
      ),
    ];
    return writePdf(pages, fonts, { title: `Test page ${request.printerName}`, date: PAGE_DATE });
  }
  const page = layoutTestPage(new TextFit(fonts), request);
  return request.format === 'zpl'
    ? writeZpl([page], request.dpi, fonts)
    : writePdf([page], fonts, { title: `Test page ${request.printerName}`, date: PAGE_DATE });
}
