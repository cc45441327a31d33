/**
 * The customs forms laid out once, as the label is (label-layout.ts): a CN22 on the label's
 * page, a CN23 and a commercial invoice on A4, each a list of parts that any writer draws.
 * Content follows the UPU's CN22 and CN23: sender and addressee, contents type, each item's
 * description, quantity, net weight, value, HS code and origin, totals, date, the sender's
 * name as signature and the tracking number as Code 128.
 */
import type { CustomsDocumentData, LabelData } from '../core/label-data';
import type { Address, LabelSize } from '../core/schemas';
import { asciiOnly } from './label-fonts';
import { LABEL_PAGE_SIZES, Page, layoutPage, selectPieces, type Box, type PageLayout } from './label-layout';
import {
  countryName,
  formatDate,
  formatNumber,
  formatTrackingNumber,
  join,
  type DrawOptions,
  type TextFit,
} from './label-text';

/** ISO A4 in PDF points, as PDFKit defines it. */
export const A4: readonly [number, number] = [595.28, 841.89];

const CONTENTS_TYPES = ['Gift', 'Documents', 'Commercial sample', 'Returned goods', 'Sale of goods', 'Other'];
const RULE = 0.75;

const DECLARATION =
  'I, the undersigned, whose name and address are given on the item, certify that the particulars given in this ' +
  'declaration are correct and that this item does not contain any dangerous article or articles prohibited by ' +
  'legislation or by postal or customs regulations.';

/** The pages of the customs document: a CN22 alone, or a CN23 followed by a commercial invoice. */
export function layoutCustoms(fit: TextFit, data: LabelData, size: LabelSize): PageLayout[] {
  const customs = need(data);
  return customs.form === 'CN22' ? [layoutCn22(fit, data, size)] : a4FormPages(fit, data);
}

/**
 * A shipment's pages on the label printer: each piece's label, then its CN22 when it carries
 * one (docs/contract.md §17). A CN23 is A4: it goes to the A4 printer (`a4FormPages`), not here.
 */
export function labelPrinterPages(fit: TextFit, data: LabelData, size: LabelSize, pieces?: number[]): PageLayout[] {
  const pages = selectPieces(data.pieces, pieces).map((piece) => layoutPage(fit, data, piece, size));
  if (data.customs?.form === 'CN22') pages.push(layoutCn22(fit, data, size));
  return pages;
}

/** A shipment's pages on the A4 printer: its CN23 and commercial invoice; none for a CN22 or none at all. */
export function a4FormPages(fit: TextFit, data: LabelData): PageLayout[] {
  return data.customs?.form === 'CN23' ? [layoutCn23(fit, data), layoutInvoice(fit, data)] : [];
}

function need(data: LabelData): CustomsDocumentData {
  if (!data.customs) throw new RangeError(`Shipment ${data.shipmentNumber} has no customs declaration`);
  return data.customs;
}

const trackingOf = (data: LabelData): string => asciiOnly(data.pieces[0]?.trackingNumber ?? '');
const signatureOf = (a: Address): string => a.fullName.trim() || a.businessName.trim();
const weightText = (n: number, unit: string) => join(' ', formatNumber(n), unit.toLowerCase());

function addressLines(a: Address): string[] {
  return [
    join(' · ', a.fullName, a.businessName),
    join(', ', a.addressLine1, a.addressLine2, a.addressLine3),
    join(', ', join(' ', a.city, a.postZipCode.toUpperCase()), a.county),
    countryName(a.countryTwoCharacterISOCode).toUpperCase(),
    join(' · ', a.phoneNumber && `Tel. ${a.phoneNumber}`, a.emailAddress),
  ].filter((l) => l !== '');
}

/**
 * The sender's customs numbers as one line: EORI and VAT when given, IOSS when the shipment is
 * declared under it (an IOSS number on other goods would claim VAT paid that is not).
 */
export function senderNumbersLine(customs: CustomsDocumentData): string {
  const { eori, vat, ioss } = customs.senderNumbers;
  return join(' · ', eori && `EORI ${eori}`, vat && `VAT ${vat}`, customs.iossApplied && ioss ? `IOSS ${ioss}` : '');
}

function rules(page: Page, segments: [number, number, number, number][], rects: Box[] = []): void {
  page.parts.push({ kind: 'stroke', lineWidth: RULE, segments, rects });
}

/** A small box, crossed when `checked`, and its caption. */
function checkbox(
  page: Page,
  label: string,
  checked: boolean,
  x: number,
  y: number,
  side: number,
  o: DrawOptions,
): void {
  rules(
    page,
    checked
      ? [
          [x, y, x + side, y + side],
          [x, y + side, x + side, y],
        ]
      : [],
    [{ x, y, width: side, height: side }],
  );
  page.line(label, x + side + 3, y + side - 1, o);
}

function checkboxes(page: Page, chosen: string, box: Box, columns: number, size: number): number {
  const colW = box.width / columns;
  const rowH = size + 5;
  CONTENTS_TYPES.forEach((type, i) => {
    const x = box.x + (i % columns) * colW;
    const y = box.y + Math.floor(i / columns) * rowH;
    checkbox(page, type, type === chosen, x, y, size, {
      size,
      width: colW - size - 6,
      minSize: size * 0.7,
      weight: type === chosen ? 'bold' : 'regular',
    });
  });
  return Math.ceil(CONTENTS_TYPES.length / columns) * rowH;
}

function barcode(page: Page, tracking: string, box: Box, textSize: number): void {
  if (!tracking) return;
  page.parts.push({ kind: 'code128', value: tracking, box: { ...box, height: box.height - textSize - 3 } });
  page.line(formatTrackingNumber(tracking), box.x, box.y + box.height, {
    weight: 'bold',
    size: textSize,
    width: box.width,
    align: 'center',
  });
}

interface Column {
  title: string;
  /** Share of the table's width. */
  share: number;
  align: 'left' | 'right' | 'center';
  cell: (item: CustomsDocumentData['items'][number], index: number) => string;
}

/** A ruled table of the items; returns the y below it. */
function itemTable(
  page: Page,
  columns: Column[],
  items: CustomsDocumentData['items'],
  box: Box,
  o: { headSize: number; size: number; rowH: number; headH: number },
): number {
  const total = columns.reduce((sum, c) => sum + c.share, 0);
  const xs: number[] = [box.x];
  for (const c of columns) xs.push(xs.at(-1)! + (box.width * c.share) / total);
  const pad = 3;
  columns.forEach((c, i) => {
    page.line(c.title, xs[i]! + pad, box.y + o.headH - 4, {
      weight: 'bold',
      size: o.headSize,
      minSize: o.headSize * 0.7,
      width: xs[i + 1]! - xs[i]! - 2 * pad,
      align: c.align,
    });
  });
  let y = box.y + o.headH;
  items.forEach((item, r) => {
    columns.forEach((c, i) => {
      page.line(c.cell(item, r), xs[i]! + pad, y + o.rowH - (o.rowH - o.size) / 2 - 1, {
        size: o.size,
        minSize: o.size * 0.7,
        width: xs[i + 1]! - xs[i]! - 2 * pad,
        align: c.align,
      });
    });
    y += o.rowH;
  });
  const bottom = y;
  const segments: [number, number, number, number][] = [[box.x, box.y + o.headH, box.x + box.width, box.y + o.headH]];
  for (let k = 1; k < items.length; k++) {
    const ry = box.y + o.headH + k * o.rowH;
    segments.push([box.x, ry, box.x + box.width, ry]);
  }
  for (const x of xs.slice(1, -1)) segments.push([x, box.y, x, bottom]);
  rules(page, segments, [{ x: box.x, y: box.y, width: box.width, height: bottom - box.y }]);
  return bottom;
}

// ------------------------------------------------------------------ CN22

export function layoutCn22(fit: TextFit, data: LabelData, size: LabelSize): PageLayout {
  const customs = need(data);
  const [pageW, pageH] = LABEL_PAGE_SIZES[size] ?? LABEL_PAGE_SIZES['4x6'];
  const page = new Page(fit);
  const m = 8;
  const x = m;
  const w = pageW - 2 * m;
  let y = m;

  page.fill({ x, y, width: w, height: 26 }, 'black');
  page.line('CUSTOMS DECLARATION', x + 5, y + 17, { weight: 'bold', size: 12, width: w - 60, color: 'white' });
  page.line('CN 22', x + w - 55, y + 18, { weight: 'bold', size: 15, width: 50, align: 'right', color: 'white' });
  y += 26;
  page.line(join(' · ', `Designated operator: ${data.carrier.name}`, 'May be opened officially'), x + 3, y + 9, {
    size: 6.5,
    minSize: 5,
    width: w - 6,
  });
  y += 13;

  const half = (w - 6) / 2;
  const from = addressLines(data.collectionAddress);
  const to = addressLines(data.deliveryAddress);
  const numbers = senderNumbersLine(customs);
  // The sender's numbers on a line of their own, the form's whole width, below both addresses.
  const addressH = numbers ? 48 : 38;
  page.line('FROM', x + 3, y + 7, { weight: 'bold', size: 6, width: half });
  page.line('TO', x + 3 + half + 6, y + 7, { weight: 'bold', size: 6, width: half });
  for (let i = 0; i < 3; i++) {
    const o = { size: 6.5, minSize: 5, width: half - 3, weight: i === 0 ? 'bold' : 'regular' } as const;
    page.line(from[i] ?? '', x + 3, y + 15 + i * 8, o);
    // 3 points clear of the frame on the right, as the sender's column is of the middle rule.
    page.line(i === 2 ? join(', ', to[2], to[3]) : (to[i] ?? ''), x + 3 + half + 6, y + 15 + i * 8, {
      ...o,
      width: half - 6,
    });
  }
  if (numbers) page.line(`Sender: ${numbers}`, x + 3, y + 46, { weight: 'bold', size: 6.5, minSize: 5, width: w - 6 });
  rules(page, [
    [x, y, x + w, y],
    [x + half + 3, y, x + half + 3, y + 38],
  ]);
  y += addressH;
  rules(page, [[x, y, x + w, y]]);
  y += 5;
  y += checkboxes(page, customs.contentsType, { x: x + 3, y, width: w - 6, height: 0 }, 3, 7) + 1;

  // What is left after the fixed parts below the table goes to the items' rows.
  const below = 14 + 44 + 20 + 56;
  const headH = 18;
  const rowH = Math.min(13, (pageH - m - y - headH - below) / Math.max(customs.items.length, 1));
  const text = Math.min(7.5, rowH - 2);
  y = itemTable(
    page,
    [
      {
        title: 'Quantity and description of contents',
        share: 38,
        align: 'left',
        cell: (i) => `${i.quantity} × ${i.description}`,
      },
      { title: 'Net weight', share: 14, align: 'right', cell: (i) => weightText(i.netWeight, i.weightUnit) },
      { title: `Value (${customs.currency})`, share: 15, align: 'right', cell: (i) => i.lineValue },
      { title: 'HS tariff no.', share: 17, align: 'left', cell: (i) => i.hsCode },
      { title: 'Origin', share: 9, align: 'center', cell: (i) => i.originCountry },
    ],
    customs.items,
    { x, y, width: w, height: 0 },
    { headSize: 6, size: text, rowH, headH },
  );

  page.line('Total', x + 3, y + 10, { weight: 'bold', size: 7.5, width: 60 });
  page.line(`Total weight ${weightText(customs.totalNetWeight, customs.netWeightUnit)}`, x + 40, y + 10, {
    weight: 'bold',
    size: 7.5,
    minSize: 5,
    width: w * 0.45,
  });
  page.line(`Total value ${customs.totalValue} ${customs.currency}`, x + w / 2, y + 10, {
    weight: 'bold',
    size: 7.5,
    minSize: 5,
    width: w / 2 - 3,
    align: 'right',
  });
  y += 14;
  rules(page, [[x, y, x + w, y]]);

  fit.wrap(DECLARATION, { size: 5.6, width: w - 6, maxLines: 5 }).forEach((line, i) => {
    page.line(line, x + 3, y + 8 + i * 7, { size: 5.6, width: w - 6 });
  });
  y += 44;
  page.line(`Date: ${formatDate(data.despatchDate)}`, x + 3, y + 9, { size: 7, width: 90 });
  page.line(`Sender’s signature: ${signatureOf(data.collectionAddress)}`, x + 95, y + 9, {
    weight: 'bold',
    size: 7,
    minSize: 5,
    width: w - 98,
  });
  y += 16;
  rules(page, [[x, y, x + w, y]]);
  barcode(page, trackingOf(data), { x: x + 10, y: y + 4, width: w - 20, height: pageH - m - y - 6 }, 9);
  rules(page, [], [{ x, y: m, width: w, height: pageH - 2 * m }]);
  return { width: pageW, height: pageH, parts: page.parts };
}

// ------------------------------------------------------------------ A4 forms

const A4_MARGIN = 36;

/** An address in a ruled box; `extra` (the sender's customs numbers) as a last line in bold. */
function addressBox(page: Page, title: string, a: Address, box: Box, extra = ''): void {
  page.line(title, box.x + 5, box.y + 11, { weight: 'bold', size: 7.5, width: box.width - 10 });
  if (extra)
    page.line(extra, box.x + 5, box.y + box.height - 6, {
      weight: 'bold',
      size: 8.5,
      minSize: 6,
      width: box.width - 10,
    });
  addressLines(a).forEach((line, i) => {
    page.line(line, box.x + 5, box.y + 25 + i * 12, {
      size: 9.5,
      minSize: 7,
      width: box.width - 10,
      weight: i === 0 ? 'bold' : 'regular',
    });
  });
  rules(page, [], [box]);
}

function header(page: Page, title: string, subtitle: string, data: LabelData, w: number): number {
  const x = A4_MARGIN;
  page.line(title, x, A4_MARGIN + 18, { weight: 'bold', size: 18, width: w * 0.6 });
  page.line(subtitle, x, A4_MARGIN + 34, { size: 9, width: w * 0.6 });
  barcode(page, trackingOf(data), { x: x + w * 0.62, y: A4_MARGIN, width: w * 0.38, height: 56 }, 9);
  return A4_MARGIN + 66;
}

function declarationBlock(page: Page, text: string, data: LabelData, box: Box): void {
  const fit = page.fit;
  fit.wrap(text, { size: 8, width: box.width, maxLines: 4 }).forEach((line, i) => {
    page.line(line, box.x, box.y + 10 + i * 10.5, { size: 8, width: box.width });
  });
  const y = box.y + 60;
  page.line('Date', box.x, y, { weight: 'bold', size: 7.5, width: 100 });
  page.line(formatDate(data.despatchDate), box.x, y + 14, { size: 10, width: 140 });
  page.line('Sender’s signature', box.x + 180, y, { weight: 'bold', size: 7.5, width: 200 });
  page.line(signatureOf(data.collectionAddress), box.x + 180, y + 14, {
    size: 11,
    weight: 'bold',
    width: box.width - 180,
  });
  rules(page, [[box.x + 180, y + 18, box.x + box.width, y + 18]]);
}

export function layoutCn23(fit: TextFit, data: LabelData): PageLayout {
  const customs = need(data);
  const [pageW, pageH] = A4;
  const page = new Page(fit);
  const x = A4_MARGIN;
  const w = pageW - 2 * A4_MARGIN;
  let y = header(
    page,
    'CUSTOMS DECLARATION  CN 23',
    `Designated operator: ${data.carrier.name} · May be opened officially`,
    data,
    w,
  );

  const half = (w - 10) / 2;
  addressBox(
    page,
    'FROM (SENDER)',
    data.collectionAddress,
    { x, y, width: half, height: 92 },
    senderNumbersLine(customs),
  );
  addressBox(page, 'TO (ADDRESSEE)', data.deliveryAddress, { x: x + half + 10, y, width: half, height: 92 });
  y += 104;

  y = itemTable(
    page,
    [
      { title: 'Detailed description of contents', share: 36, align: 'left', cell: (i) => i.description },
      { title: 'Quantity', share: 9, align: 'right', cell: (i) => String(i.quantity) },
      { title: 'Net weight', share: 12, align: 'right', cell: (i) => weightText(i.netWeight, i.weightUnit) },
      { title: `Value (${customs.currency})`, share: 13, align: 'right', cell: (i) => i.lineValue },
      { title: 'HS tariff number', share: 15, align: 'left', cell: (i) => i.hsCode },
      { title: 'Country of origin', share: 15, align: 'left', cell: (i) => countryName(i.originCountry) },
    ],
    customs.items,
    { x, y, width: w, height: 0 },
    { headSize: 7.5, size: 9, rowH: 17, headH: 20 },
  );

  const totals: [string, string][] = [
    ['Total net weight', weightText(customs.totalNetWeight, customs.netWeightUnit)],
    ['Total gross weight', weightText(customs.grossWeight, customs.grossWeightUnit)],
    ['Total value', `${customs.totalValue} ${customs.currency}`],
    ['Items', String(customs.items.reduce((sum, i) => sum + i.quantity, 0))],
  ];
  const cellW = w / totals.length;
  totals.forEach(([title, value], i) => {
    page.line(title, x + i * cellW + 5, y + 12, { weight: 'bold', size: 7.5, width: cellW - 10 });
    page.line(value, x + i * cellW + 5, y + 28, { weight: 'bold', size: 11, minSize: 7, width: cellW - 10 });
  });
  rules(
    page,
    totals.slice(1).map((_, i) => [x + (i + 1) * cellW, y, x + (i + 1) * cellW, y + 36]),
    [{ x, y, width: w, height: 36 }],
  );
  y += 48;

  page.line('Category of item', x, y + 9, { weight: 'bold', size: 7.5, width: 200 });
  y += 16;
  y += checkboxes(page, customs.contentsType, { x, y, width: w, height: 0 }, 3, 9) + 10;
  page.line(`Invoice: ${data.shipmentNumber}`, x, y + 9, { size: 9, width: w / 2 });
  page.line(`Shipment: ${data.shipmentNumber}`, x + w / 2, y + 9, { size: 9, width: w / 2, align: 'right' });
  y += 22;
  declarationBlock(page, DECLARATION, data, { x, y, width: w, height: 100 });
  return { width: pageW, height: pageH, parts: page.parts };
}

export function layoutInvoice(fit: TextFit, data: LabelData): PageLayout {
  const customs = need(data);
  const [pageW, pageH] = A4;
  const page = new Page(fit);
  const x = A4_MARGIN;
  const w = pageW - 2 * A4_MARGIN;
  let y = header(
    page,
    'COMMERCIAL INVOICE',
    `Invoice ${data.shipmentNumber} · ${formatDate(data.despatchDate)}`,
    data,
    w,
  );

  const half = (w - 10) / 2;
  addressBox(
    page,
    'EXPORTER / SENDER',
    data.collectionAddress,
    { x, y, width: half, height: 92 },
    senderNumbersLine(customs),
  );
  addressBox(page, 'CONSIGNEE / ADDRESSEE', data.deliveryAddress, { x: x + half + 10, y, width: half, height: 92 });
  y += 104;

  const facts: [string, string][] = [
    ['Invoice number', data.shipmentNumber],
    ['Date', formatDate(data.despatchDate)],
    ['Reason for export', customs.contentsType],
    ['Carrier', join(' · ', data.carrier.name, data.service.name)],
    ['Currency', customs.currency],
  ];
  const factW = w / facts.length;
  facts.forEach(([title, value], i) => {
    page.line(title, x + i * factW, y + 9, { weight: 'bold', size: 7.5, width: factW - 6 });
    page.line(value, x + i * factW, y + 22, { size: 9.5, minSize: 7, width: factW - 6 });
  });
  y += 34;

  y = itemTable(
    page,
    [
      { title: 'No.', share: 5, align: 'right', cell: (_, n) => String(n + 1) },
      { title: 'Description', share: 31, align: 'left', cell: (i) => i.description },
      { title: 'HS code', share: 12, align: 'left', cell: (i) => i.hsCode },
      { title: 'Origin', share: 8, align: 'center', cell: (i) => i.originCountry },
      { title: 'Quantity', share: 9, align: 'right', cell: (i) => String(i.quantity) },
      { title: 'Net weight', share: 11, align: 'right', cell: (i) => weightText(i.netWeight, i.weightUnit) },
      { title: 'Unit value', share: 12, align: 'right', cell: (i) => i.unitValue },
      { title: 'Total value', share: 12, align: 'right', cell: (i) => i.lineValue },
    ],
    customs.items,
    { x, y, width: w, height: 0 },
    { headSize: 7.5, size: 9, rowH: 17, headH: 20 },
  );

  const rows: [string, string][] = [
    ['Total net weight', weightText(customs.totalNetWeight, customs.netWeightUnit)],
    ['Total gross weight', weightText(customs.grossWeight, customs.grossWeightUnit)],
    ['Pieces', String(data.pieces.length)],
    [`Invoice total (${customs.currency})`, customs.totalValue],
  ];
  rows.forEach(([title, value], i) => {
    const last = i === rows.length - 1;
    page.line(title, x + w - 250, y + 16 + i * 15, { weight: last ? 'bold' : 'regular', size: 9, width: 160 });
    page.line(value, x + w - 90, y + 16 + i * 15, { weight: 'bold', size: last ? 11 : 9, width: 87, align: 'right' });
  });
  y += 16 + rows.length * 15 + 16;
  declarationBlock(
    page,
    'I declare that the information on this invoice is true and correct, and that the contents of this shipment are as stated above.',
    data,
    { x, y, width: w, height: 100 },
  );
  return { width: pageW, height: pageH, parts: page.parts };
}
