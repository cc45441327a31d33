/**
 * The label laid out once, for every writer: what goes where on one piece's page, in PDF
 * points from the top-left corner. The PDF writer (render-label.ts) and the ZPL writer
 * (render-zpl.ts) only draw these parts; neither knows the shipment. A third writer is one
 * more file that draws the same parts.
 */
import type { LabelData, LabelPiece } from '../core/label-data';
import type { LabelSize } from '../core/schemas';
import { asciiOnly } from './label-fonts';
import {
  addressName,
  countryName,
  formatDate,
  formatNumber,
  formatTrackingNumber,
  join,
  type Align,
  type DrawOptions,
  type Line,
  type TextFit,
  type Weight,
} from './label-text';

/** Page sizes in PDF points: 4×6 inch, and ISO A6 as PDFKit defines it. */
export const LABEL_PAGE_SIZES: Record<LabelSize, readonly [number, number]> = {
  '4x6': [288, 432],
  A6: [297.64, 419.53],
};

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Color = 'black' | 'white';

/** A filled rectangle. */
export interface FillPart {
  kind: 'fill';
  box: Box;
  color: Color;
}
/** Rules: straight segments and rectangle outlines stroked in black at one width. */
export interface StrokePart {
  kind: 'stroke';
  lineWidth: number;
  segments: [x1: number, y1: number, x2: number, y2: number][];
  rects: Box[];
}
/**
 * One line of text, already fitted to its box: `text` at `size` fits `width` in the label
 * font. `x` is the box's left edge; `align` places the text inside the box.
 */
export interface TextPart {
  kind: 'text';
  text: string;
  x: number;
  baseline: number;
  width: number;
  size: number;
  weight: Weight;
  align: Align;
  color: Color;
}
/** A Code 128 symbol centred in its box, bars the box's full height. */
export interface Code128Part {
  kind: 'code128';
  value: string;
  box: Box;
}
/** A QR code as large as fits, centred in its (square) box, quiet zone included. */
export interface QrPart {
  kind: 'qr';
  value: string;
  box: Box;
}

export type LabelPart = FillPart | StrokePart | TextPart | Code128Part | QrPart;

export interface PageLayout {
  width: number;
  height: number;
  /** In drawing order: a later part covers an earlier one. */
  parts: LabelPart[];
}

const MARGIN = 6;
const PAD = 6;
const RULE = 1.5;
const HEADER_H = 40;
const FROM_H = 50;
const DETAILS_H = 88;
const BARCODE_H = 80;
const NOTE_LEADING = 9.5;

/** Collects the parts of one page (labels here; the customs forms in customs-layout.ts). */
export class Page {
  readonly parts: LabelPart[] = [];
  constructor(readonly fit: TextFit) {}

  /** Fits and places one line; returns what was placed (empty text places nothing). */
  line(raw: string, x: number, baseline: number, o: DrawOptions): Line {
    const fitted = this.fit.fit(raw, o);
    this.put(fitted, x, baseline, o);
    return fitted;
  }

  put(fitted: Line, x: number, baseline: number, o: DrawOptions): void {
    if (!fitted.text) return;
    this.parts.push({
      kind: 'text',
      text: fitted.text,
      x,
      baseline,
      width: o.width,
      size: fitted.size,
      weight: o.weight ?? 'regular',
      align: o.align ?? 'left',
      color: o.color ?? 'black',
    });
  }

  fill(box: Box, color: Color): void {
    this.parts.push({ kind: 'fill', box, color });
  }

  rule(x1: number, y1: number, x2: number, y2: number): void {
    this.parts.push({ kind: 'stroke', lineWidth: RULE, segments: [[x1, y1, x2, y2]], rects: [] });
  }
}

export function layoutPage(fit: TextFit, data: LabelData, piece: LabelPiece, size: LabelSize): PageLayout {
  const [pageW, pageH] = LABEL_PAGE_SIZES[size] ?? LABEL_PAGE_SIZES['4x6'];
  const page = new Page(fit);
  const x = MARGIN;
  const w = pageW - 2 * MARGIN;
  const top = MARGIN;
  const bottom = pageH - MARGIN;

  const notes = noteLines(fit, data, w - 2 * PAD);
  const notesH = notes.length ? notes.length * NOTE_LEADING + 7 : 0;
  const header: Box = { x, y: top, width: w, height: HEADER_H };
  const from: Box = { x, y: header.y + HEADER_H, width: w, height: FROM_H };
  const barcode: Box = { x, y: bottom - BARCODE_H, width: w, height: BARCODE_H };
  const notesBox: Box = { x, y: barcode.y - notesH, width: w, height: notesH };
  const details: Box = { x, y: notesBox.y - DETAILS_H, width: w, height: DETAILS_H };
  const to: Box = { x, y: from.y + FROM_H, width: w, height: details.y - from.y - FROM_H };

  layoutHeader(page, data, header);
  layoutFrom(page, data, piece, from);
  layoutDeliverTo(page, data, to);
  layoutDetails(page, data, piece, details);
  layoutNotes(page, notes, notesBox);
  layoutBarcode(page, piece, barcode);

  // Rules last, so that they sit on top of anything that touched a section edge.
  page.parts.push({
    kind: 'stroke',
    lineWidth: RULE,
    segments: [from.y + FROM_H, details.y, notesBox.y, barcode.y].map((y) => [x, y, x + w, y]),
    rects: [{ x, y: top, width: w, height: bottom - top }],
  });
  return { width: pageW, height: pageH, parts: page.parts };
}

function caption(page: Page, text: string, x: number, baseline: number, width: number): void {
  page.line(text, x, baseline, { weight: 'bold', size: 6, width });
}

function layoutHeader(page: Page, data: LabelData, box: Box): void {
  page.fill(box, 'black');
  const code = page.fit.clean(data.service.code, 'bold');
  const codeW = code ? Math.min(96, box.width / 3) : 0;
  const textW = box.width - 2 * PAD - (codeW ? codeW + PAD : 0);
  const white = { weight: 'bold', width: textW, color: 'white' } as const;
  page.line(data.carrier.name, box.x + PAD, box.y + 18, { ...white, size: 17, minSize: 10 });
  page.line(data.service.name, box.x + PAD, box.y + 33, { ...white, size: 11, minSize: 7 });
  if (codeW) {
    const cx = box.x + box.width - PAD - codeW;
    page.fill({ x: cx, y: box.y + 5, width: codeW, height: box.height - 10 }, 'white');
    page.line(code, cx + 4, box.y + box.height / 2 + 6, {
      weight: 'bold',
      size: 17,
      minSize: 8,
      width: codeW - 8,
      align: 'center',
    });
  }
}

function layoutFrom(page: Page, data: LabelData, piece: LabelPiece, box: Box): void {
  const a = data.collectionAddress;
  const cellW = 100;
  const textW = box.width - cellW - 2 * PAD;
  const tx = box.x + PAD;
  caption(page, 'FROM', tx, box.y + 10, textW);
  const name = join(' · ', a.businessName, a.fullName);
  const small = { size: 7.5, minSize: 6, width: textW };
  page.line(name, tx, box.y + 20, { ...small, weight: 'bold' });
  page.line(join(', ', a.addressLine1, a.addressLine2, a.addressLine3), tx, box.y + 30, small);
  const place = join(' ', join(', ', a.city, a.county), a.postZipCode.toUpperCase());
  page.line(join(', ', place, countryName(a.countryTwoCharacterISOCode)), tx, box.y + 40, small);

  const cx = box.x + box.width - cellW;
  page.rule(cx, box.y, cx, box.y + box.height);
  const cell = { weight: 'bold', width: cellW - 2 * PAD, align: 'center' } as const;
  const total = data.pieces.length;
  page.line(`Piece ${piece.sequenceNumber} of ${total}`, cx + PAD, box.y + 17, {
    ...cell,
    size: 12,
    minSize: 7,
  });
  const weight = join(' ', formatNumber(piece.weight), piece.weightUnit.toUpperCase());
  page.line(weight, cx + PAD, box.y + 41, { ...cell, size: 19, minSize: 9 });
}

function layoutDeliverTo(page: Page, data: LabelData, box: Box): void {
  const a = data.deliveryAddress;
  const tabW = 58;
  page.fill({ x: box.x, y: box.y, width: tabW, height: 12 }, 'black');
  page.line('DELIVER TO', box.x + PAD, box.y + 9, {
    weight: 'bold',
    size: 7,
    width: tabW - PAD,
    color: 'white',
  });
  const innerW = box.width - 2 * PAD;
  const phone = page.fit.clean(a.phoneNumber ?? '');
  if (phone) {
    page.line(`Tel. ${phone}`, box.x + tabW + PAD, box.y + 9, {
      weight: 'bold',
      size: 8,
      minSize: 6,
      width: innerW - tabW,
      align: 'right',
    });
  }

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
  for (const l of lines) {
    const size = l.size * scale;
    y += size * leading;
    page.line(l.text, box.x + PAD, y - size * 0.22, {
      weight: l.weight,
      size,
      minSize: Math.min(size, 7),
      width: innerW,
    });
  }

  const baseline = box.y + box.height - 8;
  const post = page.line(a.postZipCode.toUpperCase(), box.x + PAD, baseline, {
    weight: 'bold',
    size: 28,
    minSize: 14,
    width: innerW * 0.62,
  });
  const postW = post.text ? page.fit.widthOf(post.text, 'bold', post.size) + 10 : 0;
  page.line(countryName(a.countryTwoCharacterISOCode).toUpperCase(), box.x + PAD + postW, baseline, {
    weight: 'bold',
    size: 12,
    minSize: 7,
    width: innerW - postW,
    align: 'right',
  });
}

/** What the 2D code holds: the tracking number first, so a scan of it finds the parcel. */
export function qrPayload(data: LabelData, piece: LabelPiece): string {
  return [piece.trackingNumber, data.shipmentNumber, data.deliveryAddress.postZipCode]
    .map((p) => asciiOnly(p).replaceAll('|', '/'))
    .join('|');
}

function layoutDetails(page: Page, data: LabelData, piece: LabelPiece, box: Box): void {
  const qrSide = box.height;
  const qx = box.x + box.width - qrSide;
  page.rule(qx, box.y, qx, box.y + box.height);
  page.parts.push({
    kind: 'qr',
    value: qrPayload(data, piece),
    box: { x: qx, y: box.y, width: qrSide, height: qrSide },
  });

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
    [
      'SERVICES',
      data.features
        .map((f) => f.trim())
        .filter(Boolean)
        .join(', '),
      true,
    ],
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
    caption(page, title, cx, cy + 9, colW - 4);
    page.line(value, cx, cy + 19, {
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

function noteLines(fit: TextFit, data: LabelData, width: number): NoteLine[] {
  const out: NoteLine[] = [];
  const opts = { size: 7.5, width: width - 62 };
  fit.wrap(data.deliveryInstructions, { ...opts, maxLines: 2 }).forEach((text, i) => {
    out.push({ title: i === 0 ? 'INSTRUCTIONS' : '', text });
  });
  const customs = join(' · ', data.hsCode && `HS ${data.hsCode}`, data.descriptionOfGoods);
  fit.wrap(customs, { ...opts, maxLines: 2 }).forEach((text, i) => {
    out.push({ title: i === 0 ? 'CUSTOMS' : '', text });
  });
  return out;
}

function layoutNotes(page: Page, notes: NoteLine[], box: Box): void {
  notes.forEach((n, i) => {
    const baseline = box.y + 12 + i * NOTE_LEADING;
    if (n.title) caption(page, n.title, box.x + PAD, baseline, 60);
    page.line(n.text, box.x + PAD + 62, baseline, { size: 7.5, width: box.width - 2 * PAD - 62 });
  });
}

function layoutBarcode(page: Page, piece: LabelPiece, box: Box): void {
  const tracking = asciiOnly(piece.trackingNumber);
  if (tracking)
    page.parts.push({
      kind: 'code128',
      value: tracking,
      box: { x: box.x, y: box.y + 7, width: box.width, height: 50 },
    });
  page.line(formatTrackingNumber(tracking), box.x + PAD, box.y + box.height - 7, {
    weight: 'bold',
    size: 15,
    minSize: 8,
    width: box.width - 2 * PAD,
    align: 'center',
  });
}

/** The pieces a document shows, in order: all by sequence number, or those asked for. */
export function selectPieces(all: LabelPiece[], wanted: number[] | undefined): LabelPiece[] {
  if (all.length === 0) throw new RangeError('A label needs at least one piece');
  if (!wanted) return [...all].sort((a, b) => a.sequenceNumber - b.sequenceNumber);
  if (wanted.length === 0) throw new RangeError('options.pieces is empty');
  return wanted.map((n) => {
    const piece = all.find((p) => p.sequenceNumber === n);
    if (!piece) throw new RangeError(`No piece with sequence number ${n}`);
    return piece;
  });
}
