/**
 * The collecting driver's copy of a manifest: A4, the carrier, the date, the manifest
 * number as Code 128, one row per shipment, totals and signature lines; as many pages as
 * the rows need. Deterministic: the same manifest always gives the same bytes (the PDF's
 * dates are the manifest's own), so it is drawn again on every fetch and never stored.
 */
import PDFDocument from 'pdfkit';
import type { ManifestDocument } from '../core/manifests';
import { drawCode128, planCode128 } from './label-barcodes';
import { asciiOnly, loadLabelFonts, resolveFontsDir, type LabelFonts } from './label-fonts';
import { formatNumber, join, TextFit, type DrawOptions } from './label-text';
import { PdfOutput, PdfPen } from './render-label';

/** Lines fitted and drawn as the labels' are: never out of their box, shrunk, then cut. */
class Pen {
  private readonly fit: TextFit;
  private readonly pen: PdfPen;
  constructor(doc: PDFKit.PDFDocument, fonts: LabelFonts) {
    this.fit = new TextFit(fonts);
    this.pen = new PdfPen(doc, fonts);
  }

  line(raw: string, x: number, baseline: number, o: DrawOptions): void {
    const { text, size } = this.fit.fit(raw, o);
    this.pen.put({
      kind: 'text',
      text,
      x,
      baseline,
      width: o.width,
      size,
      weight: o.weight ?? 'regular',
      align: o.align ?? 'left',
      color: o.color ?? 'black',
    });
  }
}

/** ISO A4 in points. */
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN = 40;
const HEADER_H = 118;
const TABLE_HEAD_H = 20;
const LINE_H = 12;
const ROW_PAD = 5;
const FOOTER_H = 24;
/** Totals and the driver's signature block, kept together on the last page. */
const CLOSING_H = 150;
const TRACKING_PER_LINE = 1;

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}
const COLUMNS: Column[] = [
  { title: '#', width: 26, align: 'right' },
  { title: 'SHIPMENT', width: 70 },
  { title: 'REFERENCE', width: 78 },
  { title: 'DELIVER TO', width: 104 },
  { title: 'POST CODE', width: 58 },
  { title: 'CTRY', width: 28 },
  { title: 'PCS', width: 26, align: 'right' },
  { title: 'KG', width: 38, align: 'right' },
  { title: 'TRACKING NUMBERS', width: 0 },
];
COLUMNS.at(-1)!.width = PAGE_W - 2 * MARGIN - COLUMNS.reduce((sum, c) => sum + c.width, 0);

export function renderManifestPdf(manifest: ManifestDocument): Buffer {
  const fonts = loadLabelFonts(resolveFontsDir());
  const created = new Date(manifest.createdOn);
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    margin: 0,
    font: fonts.regular as never,
    info: {
      Title: asciiOnly(`Manifest ${manifest.manifestNumber}`),
      Creator: 'Shipping Station',
      Producer: 'Shipping Station',
      CreationDate: created,
      ModDate: created,
    },
  });
  const pen = new Pen(doc, fonts);
  const out = new PdfOutput(doc);

  // Pages are planned before any is drawn, so that each can say "page n of m".
  const rowHeights = manifest.lines.map(
    (l) => Math.max(1, Math.ceil(l.trackingNumbers.length / TRACKING_PER_LINE)) * LINE_H + ROW_PAD,
  );
  const pages: number[][] = [[]];
  const bodyTop = MARGIN + HEADER_H + TABLE_HEAD_H;
  const bodyBottom = PAGE_H - MARGIN - FOOTER_H;
  let y = bodyTop;
  rowHeights.forEach((h, i) => {
    if (y + h > bodyBottom) {
      pages.push([]);
      y = bodyTop;
    }
    pages.at(-1)!.push(i);
    y += h;
  });
  if (y + CLOSING_H > bodyBottom) pages.push([]);

  pages.forEach((rows, p) => {
    doc.addPage({ size: [PAGE_W, PAGE_H], margin: 0 });
    drawHeader(doc, pen, manifest);
    let rowY = drawTableHead(doc, pen, bodyTop - TABLE_HEAD_H);
    for (const i of rows) {
      drawRow(doc, pen, i + 1, manifest.lines[i]!, rowY, rowHeights[i]!);
      rowY += rowHeights[i]!;
    }
    out.drain();
    if (p === pages.length - 1) drawClosing(doc, pen, manifest, rowY + 14);
    pen.line(`${manifest.manifestNumber} · page ${p + 1} of ${pages.length}`, MARGIN, PAGE_H - MARGIN, {
      size: 8,
      width: PAGE_W - 2 * MARGIN,
      align: 'right',
    });
  });

  doc.end();
  return out.finish();
}

function drawHeader(doc: PDFKit.PDFDocument, pen: Pen, m: ManifestDocument): void {
  const w = PAGE_W - 2 * MARGIN;
  const left = w * 0.55;
  pen.line('COLLECTION MANIFEST', MARGIN, MARGIN + 10, { weight: 'bold', size: 9, width: left });
  pen.line(m.carrier, MARGIN, MARGIN + 36, { weight: 'bold', size: 24, minSize: 12, width: left });
  const date = new Date(m.createdOn).toISOString();
  pen.line(`Closed ${date.slice(0, 10)} ${date.slice(11, 16)} UTC by ${m.createdBy}`, MARGIN, MARGIN + 56, {
    size: 10,
    width: left,
  });
  pen.line(
    `${m.shipmentCount} shipments · ${m.pieceCount} pieces · ${formatNumber(m.totalWeightKg)} kg`,
    MARGIN,
    MARGIN + 72,
    { weight: 'bold', size: 10, width: left },
  );

  const bx = MARGIN + left + 10;
  const bw = w - left - 10;
  const plan = planCode128(asciiOnly(m.manifestNumber));
  if (plan) drawCode128(doc, plan, { x: bx, y: MARGIN, width: bw, height: 56 }, 3);
  pen.line(m.manifestNumber, bx, MARGIN + 78, { weight: 'bold', size: 16, width: bw, align: 'center' });
  doc
    .lineWidth(1.5)
    .moveTo(MARGIN, MARGIN + HEADER_H - 12)
    .lineTo(PAGE_W - MARGIN, MARGIN + HEADER_H - 12)
    .stroke('black');
}

function drawTableHead(doc: PDFKit.PDFDocument, pen: Pen, top: number): number {
  let x = MARGIN;
  for (const c of COLUMNS) {
    pen.line(c.title, x + 2, top + 12, { weight: 'bold', size: 7, width: c.width - 4, align: c.align ?? 'left' });
    x += c.width;
  }
  doc
    .lineWidth(0.75)
    .moveTo(MARGIN, top + TABLE_HEAD_H - 2)
    .lineTo(PAGE_W - MARGIN, top + TABLE_HEAD_H - 2)
    .stroke('black');
  return top + TABLE_HEAD_H;
}

function drawRow(
  doc: PDFKit.PDFDocument,
  pen: Pen,
  n: number,
  line: ManifestDocument['lines'][number],
  top: number,
  height: number,
): void {
  const cells = [
    String(n),
    line.shipmentNumber,
    line.reference,
    line.deliveryName,
    line.deliveryPostcode.toUpperCase(),
    line.deliveryCountry,
    String(line.pieceCount),
    formatNumber(line.weightKg),
  ];
  let x = MARGIN;
  const baseline = top + LINE_H - 1;
  cells.forEach((text, i) => {
    const c = COLUMNS[i]!;
    pen.line(text, x + 2, baseline, { size: 8, minSize: 6, width: c.width - 4, align: c.align ?? 'left' });
    x += c.width;
  });
  const trackingW = COLUMNS.at(-1)!.width - 4;
  for (let i = 0; i < line.trackingNumbers.length; i += TRACKING_PER_LINE) {
    const text = line.trackingNumbers.slice(i, i + TRACKING_PER_LINE).join('  ');
    pen.line(text, x + 2, baseline + (i / TRACKING_PER_LINE) * LINE_H, { size: 8, minSize: 6, width: trackingW });
  }
  doc
    .lineWidth(0.25)
    .moveTo(MARGIN, top + height - 1)
    .lineTo(PAGE_W - MARGIN, top + height - 1)
    .stroke('#888888');
}

function drawClosing(doc: PDFKit.PDFDocument, pen: Pen, m: ManifestDocument, top: number): void {
  const w = PAGE_W - 2 * MARGIN;
  pen.line(
    join(
      '   ',
      `Total shipments: ${m.shipmentCount}`,
      `Total pieces: ${m.pieceCount}`,
      `Total weight: ${formatNumber(m.totalWeightKg)} kg`,
    ),
    MARGIN,
    top + 12,
    { weight: 'bold', size: 11, width: w },
  );
  pen.line(
    `Received by the driver of ${m.carrier}: ${m.shipmentCount} shipments, ${m.pieceCount} pieces, as listed above.`,
    MARGIN,
    top + 34,
    { size: 9, width: w },
  );
  const fields = ['Driver name', 'Driver signature', 'Date and time', 'Vehicle'];
  const colW = (w - 20) / 2;
  fields.forEach((label, i) => {
    const x = MARGIN + (i % 2) * (colW + 20);
    const lineY = top + 80 + Math.floor(i / 2) * 44;
    doc
      .lineWidth(0.75)
      .moveTo(x, lineY)
      .lineTo(x + colW, lineY)
      .stroke('black');
    pen.line(label, x, lineY + 11, { size: 8, width: colW });
  });
}
