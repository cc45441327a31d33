/**
 * Carrier labels: one PDF page per piece, drawn for a 203 dpi black-and-white thermal
 * printer. A pure function of its inputs (the only module state is the font cache), so
 * it can move to worker threads and gives byte-identical PDFs for the same data.
 */
import PDFDocument from 'pdfkit';
import type { LabelSize } from '../schemas';
import type { LabelData, LabelOptions, LabelPiece } from './label-data';
import { drawCode128, drawQr, planCode128, planQr, type Box } from './label-barcodes';
import { asciiOnly, loadLabelFonts, resolveFontsDir } from './label-fonts';
import {
  addressName,
  countryName,
  formatDate,
  formatNumber,
  formatTrackingNumber,
  join,
  Pen,
  type Weight,
} from './label-text';

export { formatTrackingNumber } from './label-text';
export { resolveFontsDir, loadLabelFonts, RESOURCES_DIR_ENV } from './label-fonts';

/** Page sizes in PDF points: 4×6 inch, and ISO A6 as PDFKit defines it. */
export const LABEL_PAGE_SIZES: Record<LabelSize, readonly [number, number]> = {
  '4x6': [288, 432],
  A6: [297.64, 419.53],
};

export interface LabelResources {
  /** Folder holding NotoSans-Regular.ttf and NotoSans-Bold.ttf; see resolveFontsDir. */
  fontsDir?: string;
}

/** Fallback CreationDate when despatchDate is unreadable: any fixed instant will do. */
const EPOCH = Date.UTC(2000, 0, 1);

const MARGIN = 6;
const PAD = 6;
const RULE = 1.5;
const HEADER_H = 40;
const FROM_H = 50;
const DETAILS_H = 88;
const BARCODE_H = 80;

/** Renders the label PDF. Async so that callers need not change when it moves to a worker. */
export async function renderLabel(
  data: LabelData,
  options: LabelOptions,
  resources: LabelResources = {},
): Promise<Buffer> {
  return renderLabelSync(data, options, resources);
}

export function renderLabelSync(
  data: LabelData,
  options: LabelOptions,
  resources: LabelResources = {},
): Buffer {
  const pieces = selectPieces(data.pieces, options.pieces);
  const [width, height] = LABEL_PAGE_SIZES[options.size] ?? LABEL_PAGE_SIZES['4x6'];
  const fonts = loadLabelFonts(resources.fontsDir ?? resolveFontsDir());
  const despatched = Date.parse(data.despatchDate);
  const fixedDate = new Date(Number.isNaN(despatched) ? EPOCH : despatched);
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    margin: 0,
    // Our font as the default spares parsing Helvetica's metrics for every document.
    font: fonts.regular as never,
    // The file ID is a hash of these fields; with a fixed CreationDate it is stable too.
    info: {
      Title: asciiOnly(`Label ${data.shipmentNumber}`),
      Creator: 'Shipping Station',
      Producer: 'Shipping Station',
      CreationDate: fixedDate,
      ModDate: fixedDate,
    },
  });
  const pen = new Pen(doc, fonts);
  for (const piece of pieces) {
    doc.addPage({ size: [width, height], margin: 0 });
    drawPage(doc, pen, data, piece, width, height);
  }
  // Fonts are embedded at end(), after the pages: stored without compression. Deflating
  // ~35 KB of font programs per label was a tenth of the station's CPU under a create
  // load; page content stays compressed. The label grows by ~12 KB.
  (doc as unknown as { compress: boolean }).compress = false;
  doc.end();
  // PDFKit writes synchronously into the stream's buffer; read it out without waiting.
  const chunks: Buffer[] = [];
  for (let chunk: Buffer | null; (chunk = doc.read() as Buffer | null) !== null; ) {
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function selectPieces(all: LabelPiece[], wanted: number[] | undefined): LabelPiece[] {
  if (all.length === 0) throw new RangeError('A label needs at least one piece');
  if (!wanted) return [...all].sort((a, b) => a.sequenceNumber - b.sequenceNumber);
  if (wanted.length === 0) throw new RangeError('options.pieces is empty');
  return wanted.map((n) => {
    const piece = all.find((p) => p.sequenceNumber === n);
    if (!piece) throw new RangeError(`No piece with sequence number ${n}`);
    return piece;
  });
}

function drawPage(
  doc: PDFKit.PDFDocument,
  pen: Pen,
  data: LabelData,
  piece: LabelPiece,
  pageW: number,
  pageH: number,
): void {
  const x = MARGIN;
  const w = pageW - 2 * MARGIN;
  const top = MARGIN;
  const bottom = pageH - MARGIN;

  const notes = noteLines(pen, data, w - 2 * PAD);
  const notesH = notes.length ? notes.length * 9.5 + 7 : 0;
  const header: Box = { x, y: top, width: w, height: HEADER_H };
  const from: Box = { x, y: header.y + HEADER_H, width: w, height: FROM_H };
  const barcode: Box = { x, y: bottom - BARCODE_H, width: w, height: BARCODE_H };
  const notesBox: Box = { x, y: barcode.y - notesH, width: w, height: notesH };
  const details: Box = { x, y: notesBox.y - DETAILS_H, width: w, height: DETAILS_H };
  const to: Box = { x, y: from.y + FROM_H, width: w, height: details.y - from.y - FROM_H };

  drawHeader(doc, pen, data, header);
  drawFrom(doc, pen, data, piece, from);
  drawDeliverTo(doc, pen, data, to);
  drawDetails(doc, pen, data, piece, details);
  drawNotes(pen, notes, notesBox);
  drawBarcode(doc, pen, piece, barcode);

  // Rules last, so that they sit on top of anything that touched a section edge.
  doc.lineWidth(RULE).strokeColor('black');
  for (const y of [from.y + FROM_H, details.y, notesBox.y, barcode.y]) {
    doc.moveTo(x, y).lineTo(x + w, y);
  }
  doc.rect(x, top, w, bottom - top).stroke();
}

function caption(pen: Pen, text: string, x: number, baseline: number): void {
  pen.line(text, x, baseline, { weight: 'bold', size: 6, width: 200 });
}

function drawHeader(doc: PDFKit.PDFDocument, pen: Pen, data: LabelData, box: Box): void {
  doc.rect(box.x, box.y, box.width, box.height).fill('black');
  const code = pen.clean(data.service.code, 'bold');
  const codeW = code ? Math.min(96, box.width / 3) : 0;
  const textW = box.width - 2 * PAD - (codeW ? codeW + PAD : 0);
  const white = { weight: 'bold', width: textW, color: 'white' } as const;
  pen.line(data.carrier.name, box.x + PAD, box.y + 18, { ...white, size: 17, minSize: 10 });
  pen.line(data.service.name, box.x + PAD, box.y + 33, { ...white, size: 11, minSize: 7 });
  if (codeW) {
    const cx = box.x + box.width - PAD - codeW;
    doc.rect(cx, box.y + 5, codeW, box.height - 10).fill('white');
    pen.line(code, cx + 4, box.y + box.height / 2 + 6, {
      weight: 'bold',
      size: 17,
      minSize: 8,
      width: codeW - 8,
      align: 'center',
    });
  }
}

function drawFrom(
  doc: PDFKit.PDFDocument,
  pen: Pen,
  data: LabelData,
  piece: LabelPiece,
  box: Box,
): void {
  const a = data.collectionAddress;
  const cellW = 100;
  const textW = box.width - cellW - 2 * PAD;
  const tx = box.x + PAD;
  caption(pen, 'FROM', tx, box.y + 10);
  const name = join(' · ', a.businessName, a.fullName);
  const small = { size: 7.5, minSize: 6, width: textW };
  pen.line(name, tx, box.y + 20, { ...small, weight: 'bold' });
  pen.line(join(', ', a.addressLine1, a.addressLine2, a.addressLine3), tx, box.y + 30, small);
  const place = join(' ', join(', ', a.city, a.county), a.postZipCode.toUpperCase());
  pen.line(join(', ', place, countryName(a.countryTwoCharacterISOCode)), tx, box.y + 40, small);

  const cx = box.x + box.width - cellW;
  doc.lineWidth(RULE).moveTo(cx, box.y).lineTo(cx, box.y + box.height).stroke('black');
  const cell = { weight: 'bold', width: cellW - 2 * PAD, align: 'center' } as const;
  const total = data.pieces.length;
  pen.line(`Piece ${piece.sequenceNumber} of ${total}`, cx + PAD, box.y + 17, {
    ...cell,
    size: 12,
    minSize: 7,
  });
  const weight = join(' ', formatNumber(piece.weight), piece.weightUnit.toUpperCase());
  pen.line(weight, cx + PAD, box.y + 41, { ...cell, size: 19, minSize: 9 });
}

function drawDeliverTo(doc: PDFKit.PDFDocument, pen: Pen, data: LabelData, box: Box): void {
  const a = data.deliveryAddress;
  const tabW = 58;
  doc.rect(box.x, box.y, tabW, 12).fill('black');
  pen.line('DELIVER TO', box.x + PAD, box.y + 9, {
    weight: 'bold',
    size: 7,
    width: tabW - PAD,
    color: 'white',
  });

  const name = addressName(a);
  const business = a.fullName.trim() ? a.businessName : '';
  const candidates: { text: string; size: number; weight: Weight }[] = [
    { text: name, size: 15, weight: 'bold' },
    { text: business, size: 12, weight: 'bold' },
    { text: a.addressLine1, size: 12, weight: 'regular' },
    { text: a.addressLine2, size: 12, weight: 'regular' },
    { text: a.addressLine3, size: 12, weight: 'regular' },
    { text: join(', ', a.city, a.county), size: 13, weight: 'bold' },
  ];
  const lines = candidates.filter((l) => l.text.trim() !== '');

  // The post code row is anchored to the bottom of the block so that sorters always
  // find it in the same place; the lines above shrink together if space runs short.
  const postRowH = 34;
  const textTop = box.y + 14;
  const room = box.y + box.height - postRowH - textTop;
  const leading = 1.2;
  const needed = lines.reduce((sum, l) => sum + l.size * leading, 0);
  // Short addresses grow a little: bigger type is easier to sort by hand.
  const scale = Math.min(1.2, room / needed);
  let y = textTop;
  const innerW = box.width - 2 * PAD;
  for (const l of lines) {
    const size = l.size * scale;
    y += size * leading;
    pen.line(l.text, box.x + PAD, y - size * 0.22, {
      weight: l.weight,
      size,
      minSize: Math.min(size, 7),
      width: innerW,
    });
  }

  const baseline = box.y + box.height - 8;
  const post = pen.line(a.postZipCode.toUpperCase(), box.x + PAD, baseline, {
    weight: 'bold',
    size: 28,
    minSize: 14,
    width: innerW * 0.62,
  });
  const postW = post.text ? pen.widthOf(post.text, 'bold', post.size) + 10 : 0;
  pen.line(countryName(a.countryTwoCharacterISOCode).toUpperCase(), box.x + PAD + postW, baseline, {
    weight: 'bold',
    size: 12,
    minSize: 7,
    width: innerW - postW,
    align: 'right',
  });
}

function drawDetails(
  doc: PDFKit.PDFDocument,
  pen: Pen,
  data: LabelData,
  piece: LabelPiece,
  box: Box,
): void {
  const qrSide = box.height;
  const qx = box.x + box.width - qrSide;
  doc.lineWidth(RULE).moveTo(qx, box.y).lineTo(qx, box.y + box.height).stroke('black');
  const payload = [piece.trackingNumber, data.shipmentNumber, data.deliveryAddress.postZipCode]
    .map((p) => asciiOnly(p).replaceAll('|', '/'))
    .join('|');
  const matrix = planQr(payload);
  if (matrix) drawQr(doc, matrix, { x: qx, y: box.y, width: qrSide, height: qrSide });

  // Optional cells are left out rather than printed empty; the grid flows row by row
  // and a wide cell starts a row of its own.
  const dims = [piece.length, piece.width, piece.height].map(formatNumber).join(' × ');
  const refs = [data.references.one, data.references.two, data.references.three];
  const cells: [title: string, value: string, wide: boolean][] = [
    ['DESPATCH DATE', formatDate(data.despatchDate), false],
    ['SHIPMENT', data.shipmentNumber, false],
    ['DIMENSIONS', join(' ', dims, piece.dimensionUnit.toUpperCase()), false],
    ['CONTENTS', piece.description, false],
    ['REFERENCE', join(' / ', ...refs), true],
    ['SERVICES', data.features.map((f) => f.trim()).filter(Boolean).join(', '), true],
  ];
  const colW = (qx - box.x - 2 * PAD) / 2;
  const rowH = 21;
  let col = 0;
  let row = 0;
  for (const [title, value, wide] of cells) {
    if (!value.trim()) continue;
    if (col > 0 && wide) [col, row] = [0, row + 1];
    if ((row + 1) * rowH > box.height) break;
    const cx = box.x + PAD + col * colW;
    const cy = box.y + row * rowH;
    caption(pen, title, cx, cy + 9);
    pen.line(value, cx, cy + 19, {
      weight: 'bold',
      size: 9,
      minSize: 6,
      width: (wide ? 2 : 1) * colW - 4,
    });
    if (wide || col === 1) [col, row] = [0, row + 1];
    else col = 1;
  }
}

interface NoteLine {
  title: string;
  text: string;
}

function noteLines(pen: Pen, data: LabelData, width: number): NoteLine[] {
  const out: NoteLine[] = [];
  const opts = { size: 7.5, width: width - 62 };
  pen.wrap(data.deliveryInstructions, { ...opts, maxLines: 2 }).forEach((text, i) => {
    out.push({ title: i === 0 ? 'INSTRUCTIONS' : '', text });
  });
  const customs = join(' · ', data.hsCode && `HS ${data.hsCode}`, data.descriptionOfGoods);
  pen.wrap(customs, { ...opts, maxLines: 2 }).forEach((text, i) => {
    out.push({ title: i === 0 ? 'CUSTOMS' : '', text });
  });
  return out;
}

function drawNotes(pen: Pen, notes: NoteLine[], box: Box): void {
  notes.forEach((n, i) => {
    const baseline = box.y + 12 + i * 9.5;
    if (n.title) caption(pen, n.title, box.x + PAD, baseline);
    pen.line(n.text, box.x + PAD + 62, baseline, { size: 7.5, width: box.width - 2 * PAD - 62 });
  });
}

function drawBarcode(doc: PDFKit.PDFDocument, pen: Pen, piece: LabelPiece, box: Box): void {
  const tracking = asciiOnly(piece.trackingNumber);
  const plan = planCode128(tracking);
  if (plan) drawCode128(doc, plan, { x: box.x, y: box.y + 7, width: box.width, height: 50 });
  pen.line(formatTrackingNumber(tracking), box.x + PAD, box.y + box.height - 7, {
    weight: 'bold',
    size: 15,
    minSize: 8,
    width: box.width - 2 * PAD,
    align: 'center',
  });
}

/**
 * Several shipments' labels in one PDF, every piece of each, in the order given: an
 * import's labels printed in one job. Dated by the first shipment, so the same batch
 * always gives the same bytes.
 */
export function renderLabelBatch(items: LabelData[], size: LabelSize, resources: LabelResources = {}): Buffer {
  if (items.length === 0) throw new RangeError('A label batch needs at least one shipment');
  const [width, height] = LABEL_PAGE_SIZES[size] ?? LABEL_PAGE_SIZES['4x6'];
  const fonts = loadLabelFonts(resources.fontsDir ?? resolveFontsDir());
  const despatched = Date.parse(items[0]!.despatchDate);
  const fixedDate = new Date(Number.isNaN(despatched) ? EPOCH : despatched);
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    margin: 0,
    font: fonts.regular as never,
    info: { Title: 'Labels', Creator: 'Shipping Station', Producer: 'Shipping Station', CreationDate: fixedDate, ModDate: fixedDate },
  });
  const pen = new Pen(doc, fonts);
  for (const data of items) {
    for (const piece of selectPieces(data.pieces, undefined)) {
      doc.addPage({ size: [width, height], margin: 0 });
      drawPage(doc, pen, data, piece, width, height);
    }
  }
  doc.end();
  const chunks: Buffer[] = [];
  for (let chunk: Buffer | null; (chunk = doc.read() as Buffer | null) !== null; ) chunks.push(chunk);
  return Buffer.concat(chunks);
}
