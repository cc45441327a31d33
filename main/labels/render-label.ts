/**
 * The PDF writer: one page per piece, the layout of label-layout.ts drawn for a 203 dpi
 * black-and-white thermal printer. A pure function of its inputs (the only module state
 * is the font cache), so it can move to worker threads and gives byte-identical PDFs for
 * the same data.
 */
import PDFDocument from 'pdfkit';
import type { BatchPage, LabelData, LabelOptions } from '../core/label-data';
import { SHEET_LABEL_SIZE } from '../core/label-data';
import { a4FormPages, labelPrinterPages } from './customs-layout';
import { onSheets } from './office-sheet';
import { asciiOnly, loadLabelFonts, resolveFontsDir, type LabelFonts } from './label-fonts';
import { layoutPage, selectPieces, type PageLayout, type TextPart } from './label-layout';
import { ContentWriter } from './pdf-content';
import { BASE_GLYPHS, TextFit, type Weight } from './label-text';

export { formatTrackingNumber } from './label-text';
export { resolveFontsDir, loadLabelFonts, RESOURCES_DIR_ENV } from './label-fonts';

export { LABEL_PAGE_SIZES } from './label-layout';

export interface LabelResources {
  /** Folder holding NotoSans-Regular.ttf and NotoSans-Bold.ttf; see resolveFontsDir. */
  fontsDir?: string;
}

/** Fallback CreationDate when despatchDate is unreadable: any fixed instant will do. */
const EPOCH = Date.UTC(2000, 0, 1);

/** Renders the label PDF. Async so that callers need not change when it moves to a worker. */
export async function renderLabel(
  data: LabelData,
  options: LabelOptions,
  resources: LabelResources = {},
): Promise<Buffer> {
  return renderLabelSync(data, options, resources);
}

export function renderLabelSync(data: LabelData, options: LabelOptions, resources: LabelResources = {}): Buffer {
  const pieces = selectPieces(data.pieces, options.pieces);
  const fonts = loadLabelFonts(resources.fontsDir ?? resolveFontsDir());
  const fit = new TextFit(fonts);
  const despatched = Date.parse(data.despatchDate);
  return writePdf(
    pieces.map((piece) => layoutPage(fit, data, piece, options.size)),
    fonts,
    { title: `Label ${data.shipmentNumber}`, date: new Date(Number.isNaN(despatched) ? EPOCH : despatched) },
  );
}

/**
 * Several shipments' documents in one PDF, in the order given, for one printer (docs/contract.md
 * §17). At a label size: each shipment's labels, every piece, then its CN22 when it carries
 * one; at `A4`: each CN23 shipment's CN23 and commercial invoice. Dated by the first
 * shipment, so the same batch always gives the same bytes. Each page is laid out just
 * before it is drawn, so only one page's layout is alive at a time however long the batch.
 */
export function renderLabelBatch(items: LabelData[], page: BatchPage, resources: LabelResources = {}): Buffer {
  if (items.length === 0) throw new RangeError('A label batch needs at least one shipment');
  const fonts = loadLabelFonts(resources.fontsDir ?? resolveFontsDir());
  const fit = new TextFit(fonts);
  const despatched = Date.parse(items[0]!.despatchDate);
  function* pages(): Generator<PageLayout> {
    for (const data of items) {
      if (page === 'A4') yield* a4FormPages(fit, data);
      else yield* labelPrinterPages(fit, data, page === '4x6' || page === 'A6' ? page : SHEET_LABEL_SIZE[page]);
    }
  }
  const title = page === 'A4' ? 'Customs forms' : 'Labels';
  const laid = page === 'A4' || page === '4x6' || page === 'A6' ? pages() : onSheets(pages(), page);
  return writePdf(laid, fonts, { title, date: new Date(Number.isNaN(despatched) ? EPOCH : despatched) });
}

/**
 * Any document of laid-out pages (labels, customs forms), each page at its own size.
 * `despatchDate` stands in for the creation date, so the bytes never change.
 */
export function renderPagesSync(
  title: string,
  despatchDate: string,
  resources: LabelResources,
  layout: (fit: TextFit) => PageLayout[],
): Buffer {
  const fonts = loadLabelFonts(resources.fontsDir ?? resolveFontsDir());
  const despatched = Date.parse(despatchDate);
  return writePdf(layout(new TextFit(fonts)), fonts, {
    title,
    date: new Date(Number.isNaN(despatched) ? EPOCH : despatched),
  });
}

/** Any laid-out pages (labels, a printer test page) as one PDF, dated `date` so that its bytes are fixed. */
export function writePdf(pages: Iterable<PageLayout>, fonts: LabelFonts, meta: { title: string; date: Date }): Buffer {
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    margin: 0,
    // Our font as the default spares parsing Helvetica's metrics for every document.
    font: fonts.regular as never,
    // The file ID is a hash of these fields; with a fixed CreationDate it is stable too.
    info: {
      Title: asciiOnly(meta.title),
      Creator: 'Shipping Station',
      Producer: 'Shipping Station',
      CreationDate: meta.date,
      ModDate: meta.date,
    },
  });
  const writer = new ContentWriter(doc, fonts);
  const out = new PdfOutput(doc);
  let drawn = 0;
  for (const page of pages) {
    writer.page(page);
    if (++drawn % 64 === 0) out.drain();
  }
  // Fonts are embedded at end(), after the pages: stored without compression, which costs
  // a few KB a label and saves deflating them every time; page content stays compressed.
  (doc as unknown as { compress: boolean }).compress = false;
  doc.end();
  return out.finish();
}

/**
 * Collects a document's bytes. PDFKit writes synchronously, one small chunk a token (an
 * object header, a dictionary, each xref line), each converted to a Uint8Array and pushed
 * through its Readable. Taking over its `_write` keeps its text as one string until a
 * binary chunk (a stream) or a drain, so a label is a few Buffers instead of hundreds. A
 * batch drains every few pages into one block, so thousands of pages hold a few hundred
 * Buffers (whose garbage collection once made a 10,000-label batch twice as slow per label).
 */
export class PdfOutput {
  private readonly blocks: Buffer[] = [];
  private parts: Uint8Array[] = [];
  private text = '';

  constructor(doc: PDFKit.PDFDocument) {
    // The header, written by PDFKit's constructor before this took over.
    for (let chunk: Buffer | null; (chunk = doc.read() as Buffer | null) !== null;) this.parts.push(chunk);
    const pdfkit = doc as unknown as { _write(data: string | Uint8Array): void; _offset: number };
    pdfkit._write = (data) => {
      if (data instanceof Uint8Array) {
        this.flushText();
        this.parts.push(data);
        pdfkit._offset += data.length;
      } else {
        // One byte a UTF-16 code unit, as PDFKit's own conversion: the xref offsets stay exact.
        const line = `${data}\n`;
        this.text += line;
        pdfkit._offset += line.length;
      }
    };
  }

  private flushText(): void {
    if (this.text) this.parts.push(Buffer.from(this.text, 'latin1'));
    this.text = '';
  }

  drain(): void {
    this.flushText();
    if (this.parts.length) this.blocks.push(Buffer.concat(this.parts));
    this.parts = [];
  }

  /** After doc.end(): the whole document. */
  finish(): Buffer {
    this.drain();
    return this.blocks.length === 1 ? this.blocks[0]! : Buffer.concat(this.blocks);
  }
}

/** PDFKit's current font: `encode` adds glyphs to its subset (PDFKit ≥ 0.12). */
interface PdfKitInternals {
  _font: { encode(text: string): unknown; layoutCache?: Record<string, unknown> };
}

/**
 * Draws fitted lines with PDFKit's own text engine but without its layout: no `width` is
 * ever passed, so PDFKit neither wraps nor adds a page.
 */
export class PdfPen {
  private current: Weight | undefined;
  private readonly fit: TextFit;

  /**
   * Expects a document created with `font: fonts.regular`. Registering each font under
   * its PostScript name makes every later font() call a cache hit in PDFKit: the default
   * font is already filed under that name, and the first use of the other files it so.
   */
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly fonts: LabelFonts,
  ) {
    this.fit = new TextFit(fonts);
    doc.registerFont(fonts.regular.postscriptName, fonts.regular as never);
    doc.registerFont(fonts.bold.postscriptName, fonts.bold as never);
    // Every document's font subsets start with the same glyphs in the same order, so a
    // label in plain ASCII embeds the very same font programs as every other, and their
    // encoding is a cache hit (see shareFont's createSubset). Costs a few KB a label.
    for (const weight of ['bold', 'regular'] as const) {
      doc.font(fonts[weight].postscriptName);
      const font = (doc as unknown as PdfKitInternals)._font;
      font.layoutCache = fonts[weight].pdfkitLayoutCache();
      font.encode(BASE_GLYPHS);
    }
    this.current = 'regular';
  }

  put(t: TextPart): void {
    const w = this.fit.widthOf(t.text, t.weight, t.size);
    const dx = t.align === 'right' ? t.width - w : t.align === 'center' ? (t.width - w) / 2 : 0;
    if (this.current !== t.weight) {
      this.doc.font(this.fonts[t.weight].postscriptName);
      this.current = t.weight;
    }
    this.doc
      .fontSize(t.size)
      .fillColor(t.color)
      .text(t.text, t.x + dx, t.baseline, { lineBreak: false, baseline: 'alphabetic' });
  }
}
