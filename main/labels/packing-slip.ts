/**
 * An order's packing slip (docs/contract.md §18), laid out with the labels' parts and written by
 * their PDF writer: the order number as text and Code 128, where it goes, and one line per
 * item (SKU, description, quantity), on A4 or the label's page; as many pages as the items
 * need. Deterministic: dated by the order, so the same order gives the same bytes.
 */
import type { LabelDpi, LabelFormat } from '../core/label-data';
import type { PackingSlipData, PackingSlipSize } from '../core/orders';
import type { Address } from '../core/schemas';
import { A4 } from './customs-layout';
import { loadLabelFonts, resolveFontsDir } from './label-fonts';
import { LABEL_PAGE_SIZES, Page, type PageLayout } from './label-layout';
import { addressName, countryName, formatDate, join, TextFit } from './label-text';
import { writePdf } from './render-label';
import { writeZpl } from './render-zpl';

const addressLines = (a: Address): string[] =>
  [
    addressName(a),
    a.fullName.trim() && a.businessName.trim() ? a.businessName.trim() : '',
    a.addressLine1,
    a.addressLine2,
    a.addressLine3,
    join(' ', a.city, a.county, a.postZipCode),
    countryName(a.countryTwoCharacterISOCode),
  ].filter((line) => line.trim() !== '');

export function layoutPackingSlip(fit: TextFit, data: PackingSlipData, size: PackingSlipSize): PageLayout[] {
  const [width, height] = size === 'A4' ? A4 : (LABEL_PAGE_SIZES[size] ?? LABEL_PAGE_SIZES['4x6']);
  // Everything in proportion to the page: a 4×6 slip is an A4 one at about half size.
  const k = width / A4[0];
  const margin = 40 * k;
  const inner = width - 2 * margin;
  const text = { title: 20 * k, number: 16 * k, body: Math.max(10 * k, 6.5), small: Math.max(8 * k, 5.5) };
  const lead = text.body * 1.35;
  const qtyW = 50 * k;
  const skuW = inner * 0.28;
  const descW = inner - skuW - qtyW;

  const pages: PageLayout[] = [];
  let page = new Page(fit);
  let y = margin;

  const header = (continued: boolean) => {
    page.line(continued ? 'PACKING SLIP (continued)' : 'PACKING SLIP', margin, y + text.title, {
      size: text.title,
      minSize: 8,
      width: inner,
      weight: 'bold',
    });
    y += text.title * 1.6;
    page.line(`Order ${data.orderNumber}`, margin, y + text.number, {
      size: text.number,
      minSize: 7,
      width: inner * 0.55,
      weight: 'bold',
    });
    const barcode = { x: margin + inner * 0.55, y, width: inner * 0.45, height: 44 * k };
    page.parts.push({ kind: 'code128', value: data.orderNumber, box: barcode });
    y += text.number * 1.5;
    const facts = join(' · ', formatDate(data.date), data.channel, ...data.references);
    page.line(facts, margin, y + text.small, { size: text.small, minSize: 5, width: inner * 0.55 });
    y = Math.max(y + text.small * 2, barcode.y + barcode.height + 10 * k);
  };

  const addresses = () => {
    const colW = inner / 2 - 8 * k;
    const blocks: [string, Address | null][] = [
      ['SHIP TO', data.deliveryAddress],
      ['FROM', data.senderAddress],
    ];
    let bottom = y;
    blocks.forEach(([title, address], i) => {
      if (!address) return;
      const x = margin + i * (inner / 2);
      let line = y + text.small;
      page.line(title, x, line, { size: text.small, width: colW, weight: 'bold' });
      for (const [n, raw] of addressLines(address).entries()) {
        line += lead;
        page.line(raw, x, line, { size: text.body, minSize: 5, width: colW, weight: n === 0 ? 'bold' : 'regular' });
      }
      bottom = Math.max(bottom, line);
    });
    y = bottom + lead;
  };

  const tableHead = () => {
    page.rule(margin, y, margin + inner, y);
    y += lead;
    page.line('SKU', margin, y, { size: text.small, width: skuW, weight: 'bold' });
    page.line('DESCRIPTION', margin + skuW, y, { size: text.small, width: descW, weight: 'bold' });
    page.line('QTY', margin + skuW + descW, y, { size: text.small, width: qtyW, weight: 'bold', align: 'right' });
    y += lead * 0.5;
    page.rule(margin, y, margin + inner, y);
  };

  const finish = () => pages.push({ width, height, parts: page.parts });

  header(false);
  addresses();
  tableHead();
  for (const item of data.items) {
    if (y + lead * 2 > height - margin) {
      finish();
      page = new Page(fit);
      y = margin;
      header(true);
      tableHead();
    }
    y += lead;
    page.line(item.sku, margin, y, { size: text.body, minSize: 5, width: skuW - 6 * k });
    page.line(item.description, margin + skuW, y, { size: text.body, minSize: 5, width: descW - 6 * k });
    page.line(String(item.quantity), margin + skuW + descW, y, {
      size: text.body,
      width: qtyW,
      align: 'right',
      weight: 'bold',
    });
  }
  y += lead * 0.6;
  page.rule(margin, y, margin + inner, y);
  y += lead;
  const units = data.items.reduce((n, i) => n + i.quantity, 0);
  page.line(`${data.items.length} lines, ${units} items`, margin, y, { size: text.body, width: inner, align: 'right' });
  if (data.notes && y + lead * 2 < height - margin) {
    y += lead * 1.5;
    page.line(`Note: ${data.notes}`, margin, y, { size: text.small, minSize: 5, width: inner });
  }
  finish();
  return pages;
}

export function renderPackingSlipSync(
  data: PackingSlipData,
  size: PackingSlipSize,
  output: { format: LabelFormat; dpi: LabelDpi } = { format: 'pdf', dpi: 203 },
): Buffer {
  const fonts = loadLabelFonts(resolveFontsDir());
  const pages = layoutPackingSlip(new TextFit(fonts), data, size);
  // A ZPL label printer takes the slip as it takes a label: drawn by the labels' ZPL writer.
  if (output.format === 'zpl') return writeZpl(pages, output.dpi, fonts);
  const date = Date.parse(data.date);
  return writePdf(pages, fonts, {
    title: `Packing slip ${data.orderNumber}`,
    date: new Date(Number.isNaN(date) ? 0 : date),
  });
}
