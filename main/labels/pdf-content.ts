/**
 * A laid-out page's content stream, written as one string of PDF operators. PDFKit keeps
 * the document (pages, objects, the fonts' subsets and their embedding); drawing each part
 * through its API cost half a label's time: a save, a flip, a colour space and a colour
 * for every line of text, a Uint8Array for every operator. Here consecutive lines share
 * one text object, colours are DeviceGray and set only when they change, and a line whose
 * glyphs all lie in the fonts' common subset (BASE_GLYPHS) is encoded once per process.
 */
import { deflateSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { drawCode128, drawQr, planCode128, planQr, type RectSink } from './label-barcodes';
import type { LabelFonts } from './label-fonts';
import type { Color, LabelPart, PageLayout, TextPart } from './label-layout';
import { BASE_GLYPHS, TextFit, type Weight } from './label-text';
import type { SharedFont } from './shared-font';

/** A glyph's placement from PDFKit's layout, in thousandths of the font size. */
interface Position {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

/** The parts of PDFKit's embedded font (EmbeddedFont, PDFKit 0.20) used here. */
interface PdfKitFont {
  id: string;
  layoutCache?: Record<string, unknown>;
  subset: { glyphs: number[]; includeGlyph(id: number): number };
  widths: number[];
  unicode: number[][];
  encode(text: string): [hex: string[], positions: Position[]];
  ref(): unknown;
  toUnicodeCmap(): unknown;
  document: { ref(): { end(chunk: string | Uint8Array): void } };
}
/** A page's content stream (PDFReference): finalize() writes `buffer`, deflating it if `compress`. */
interface PdfKitStream {
  buffer: Uint8Array[];
  compress: boolean;
  data: { Filter?: string };
}
interface PdfKitDocument {
  _font: PdfKitFont;
  page: { fonts: Record<string, unknown>; content: PdfKitStream };
}

/** What encoding BASE_GLYPHS leaves in a document's font: the same for every document. */
interface BaseSubset {
  glyphs: number[];
  widths: number[];
  unicode: number[][];
}

/** Lines kept encoded, per font: the fixed captions and a desk's common names and places. */
const MAX_LINES = 4000;

interface FontState {
  base?: BaseSubset;
  /** The ToUnicode CMap of the base subset, as PDFKit writes it. */
  baseCmap?: Uint8Array;
  /** A line's TJ operator, for lines whose glyphs are all in the base subset. */
  lines: LRUCache<string, string>;
}
const states = new WeakMap<SharedFont, FontState>();

function stateOf(font: SharedFont): FontState {
  let state = states.get(font);
  if (!state) {
    state = { lines: new LRUCache<string, string>({ max: MAX_LINES }) };
    states.set(font, state);
  }
  return state;
}

/** PDF numbers as PDFKit writes them: six decimals keep bars snapped to the dot grid exactly. */
const num = (n: number): string => String(Math.round(n * 1e6) / 1e6);

const GRAY: Record<Color, string> = { black: '0', white: '1' };

interface WeightFont {
  shared: SharedFont;
  pdf: PdfKitFont;
  state: FontState;
}

/**
 * Writes pages of one PDFKit document. Expects a document created with
 * `font: fonts.regular`; selects both label fonts, regular first, and starts each subset
 * with BASE_GLYPHS so that plain labels embed identical font programs.
 */
export class ContentWriter {
  private readonly weights: Record<Weight, WeightFont>;
  private readonly fit: TextFit;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    fonts: LabelFonts,
  ) {
    this.fit = new TextFit(fonts);
    const d = doc as unknown as PdfKitDocument;
    const open = (weight: Weight): WeightFont => {
      const shared = fonts[weight];
      doc.registerFont(shared.postscriptName, shared as never);
      doc.font(shared.postscriptName);
      const pdf = d._font;
      pdf.layoutCache = shared.pdfkitLayoutCache();
      const state = stateOf(shared);
      seedBase(pdf, state);
      reuseBaseCmap(pdf, state);
      return { shared, pdf, state };
    };
    // Regular is the document's default font (F1), bold the second (F2).
    const regular = open('regular');
    this.weights = { regular, bold: open('bold') };
    doc.font(fonts.regular.postscriptName);
  }

  /** Adds `page` as the document's next page. */
  page(page: PageLayout): void {
    this.doc.addPage({ size: [page.width, page.height], margin: 0 });
    const out = new PageOut();
    // Top-down coordinates, as PDFKit's own drawing uses (it wrote the same operator).
    out.ops.push(`1 0 0 -1 0 ${num(page.height)} cm`);
    for (const part of page.parts) this.part(out, part);
    out.endText();
    out.ops.push('');
    const pdfPage = (this.doc as unknown as PdfKitDocument).page;
    for (const weight of out.fontsUsed) {
      const { pdf } = this.weights[weight];
      pdfPage.fonts[pdf.id] ??= pdf.ref();
    }
    // Deflated here at level 1 rather than by PDFKit at zlib's default 6: a third of the
    // time for ~20 % more bytes of a stream that is a tenth of the label.
    const stream = pdfPage.content;
    stream.buffer = [deflateSync(Buffer.from(out.ops.join('\n'), 'latin1'), { level: 1 })];
    stream.compress = false;
    stream.data.Filter = 'FlateDecode';
  }

  private part(out: PageOut, part: LabelPart): void {
    switch (part.kind) {
      case 'fill':
        out.endText();
        out.fillColor(part.color);
        out.ops.push(`${num(part.box.x)} ${num(part.box.y)} ${num(part.box.width)} ${num(part.box.height)} re`, 'f');
        return;
      case 'stroke':
        out.endText();
        out.lineWidth(part.lineWidth);
        for (const [x1, y1, x2, y2] of part.segments)
          out.ops.push(`${num(x1)} ${num(y1)} m`, `${num(x2)} ${num(y2)} l`);
        for (const r of part.rects) out.ops.push(`${num(r.x)} ${num(r.y)} ${num(r.width)} ${num(r.height)} re`);
        out.strokeColor('black');
        out.ops.push('S');
        return;
      case 'text':
        this.text(out, part);
        return;
      case 'code128': {
        const plan = planCode128(part.value);
        if (plan) {
          out.endText();
          drawCode128(out, plan, part.box);
        }
        return;
      }
      case 'qr': {
        const matrix = planQr(part.value);
        if (matrix) {
          out.endText();
          drawQr(out, matrix, part.box);
        }
        return;
      }
    }
  }

  private text(out: PageOut, t: TextPart): void {
    if (!t.text) return;
    const font = this.weights[t.weight];
    const w = this.fit.widthOf(t.text, t.weight, t.size);
    const x = t.x + (t.align === 'right' ? t.width - w : t.align === 'center' ? (t.width - w) / 2 : 0);
    out.beginText();
    out.fontsUsed.add(t.weight);
    out.fillColor(t.color);
    out.font(font.pdf.id, t.size);
    // The text matrix flips back what the page's top-down coordinates flipped.
    const at = (px: number, py: number) => `1 0 0 -1 ${num(px)} ${num(py)} Tm`;
    out.ops.push(at(x, t.baseline));
    const cached = font.state.lines.get(t.text);
    if (cached) {
      out.ops.push(cached);
      return;
    }
    const [hex, positions] = font.pdf.encode(t.text);
    const base = font.state.base?.glyphs.length ?? 0;
    const plain = positions.every((p) => !p.xOffset && !p.yOffset);
    if (plain) {
      const tj = showText(hex, positions, 0, hex.length);
      // Glyphs outside the base subset are numbered in the order a document meets them.
      if (hex.every((h) => parseInt(h, 16) < base)) font.state.lines.set(t.text, tj);
      out.ops.push(tj);
      return;
    }
    // Marks placed by GPOS (combining accents): moved one by one, as PDFKit does.
    const scale = t.size / 1000;
    let penX = x;
    let from = 0;
    let moved = false;
    for (let i = 0; i < positions.length; i++) {
      const p = positions[i]!;
      if (p.xOffset || p.yOffset) {
        if (from < i) out.ops.push(showText(hex, positions, from, i));
        out.ops.push(at(penX + p.xOffset * scale, t.baseline - p.yOffset * scale));
        out.ops.push(showText(hex, positions, i, i + 1));
        from = i + 1;
        moved = true;
      } else if (moved) {
        out.ops.push(at(penX, t.baseline));
        moved = false;
      }
      penX += p.xAdvance * scale;
    }
    if (from < positions.length) out.ops.push(showText(hex, positions, from, positions.length));
  }
}

/** The TJ operator for glyphs [from, to): runs of hex glyph ids with kerning between them. */
function showText(hex: string[], positions: Position[], from: number, to: number): string {
  const parts: string[] = [];
  let start = from;
  for (let i = from; i < to; i++) {
    const p = positions[i]!;
    const kern = p.xAdvance - p.advanceWidth;
    // A kern after the last glyph moves nothing that is drawn.
    if (i === to - 1) parts.push(`<${hex.slice(start, to).join('')}>`);
    else if (kern !== 0) {
      parts.push(`<${hex.slice(start, i + 1).join('')}> ${num(-kern)}`);
      start = i + 1;
    }
  }
  return `[${parts.join(' ')}] TJ`;
}

/**
 * Starts the document's subset of `font` with BASE_GLYPHS. The first document encodes
 * them; later ones replay the glyph ids, widths and code points it left.
 */
function seedBase(font: PdfKitFont, state: FontState): void {
  if (!state.base) {
    font.encode(BASE_GLYPHS);
    state.base = { glyphs: [...font.subset.glyphs], widths: [...font.widths], unicode: [...font.unicode] };
    return;
  }
  for (const id of state.base.glyphs) font.subset.includeGlyph(id);
  font.widths = [...state.base.widths];
  font.unicode = [...state.base.unicode];
}

/**
 * A document whose subset of `font` is still the base subset (every plain label) gets the
 * base subset's ToUnicode CMap as bytes made once, by PDFKit's own toUnicodeCmap.
 */
function reuseBaseCmap(font: PdfKitFont, state: FontState): void {
  const own = font.toUnicodeCmap;
  font.toUnicodeCmap = function (this: PdfKitFont) {
    const base = state.base;
    if (!base || this.unicode.length !== base.unicode.length) return own.call(this);
    if (!state.baseCmap) {
      let text = '';
      const recorder = { ref: () => ({ end: (chunk: string | Uint8Array) => (text = String(chunk)) }) };
      own.call({ unicode: base.unicode, document: recorder } as unknown as PdfKitFont);
      // What PDFKit's stream would hold: the text and a newline, one byte a character.
      state.baseCmap = Buffer.from(`${text}\n`, 'latin1');
    }
    const cmap = this.document.ref();
    cmap.end(state.baseCmap);
    return cmap;
  };
}

/** One page's operators and the graphics state they leave, so nothing is set twice. */
class PageOut implements RectSink {
  readonly ops: string[] = [];
  readonly fontsUsed = new Set<Weight>();
  private inText = false;
  private fillNow: Color = 'black';
  private strokeNow: Color = 'black';
  private width = 1;
  private fontKey = '';
  private saved: Color[] = [];

  beginText(): void {
    if (!this.inText) this.ops.push('BT');
    this.inText = true;
  }

  endText(): void {
    if (this.inText) this.ops.push('ET');
    this.inText = false;
  }

  fillColor(color: Color): void {
    if (color !== this.fillNow) this.ops.push(`${GRAY[color]} g`);
    this.fillNow = color;
  }

  strokeColor(color: Color): void {
    if (color !== this.strokeNow) this.ops.push(`${GRAY[color]} G`);
    this.strokeNow = color;
  }

  lineWidth(width: number): void {
    if (width !== this.width) this.ops.push(`${num(width)} w`);
    this.width = width;
  }

  font(id: string, size: number): void {
    const key = `/${id} ${num(size)} Tf`;
    if (key !== this.fontKey) this.ops.push(key);
    this.fontKey = key;
  }

  // RectSink, for the barcodes: the fill colour is the only state they change.
  save(): void {
    this.ops.push('q');
    this.saved.push(this.fillNow);
  }

  transform(a: number, b: number, c: number, d: number, e: number, f: number): void {
    this.ops.push(`${num(a)} ${num(b)} ${num(c)} ${num(d)} ${num(e)} ${num(f)} cm`);
  }

  rect(x: number, y: number, w: number, h: number): void {
    this.ops.push(`${num(x)} ${num(y)} ${num(w)} ${num(h)} re`);
  }

  fill(color?: string): void {
    this.fillColor(color === 'white' ? 'white' : 'black');
    this.ops.push('f');
  }

  restore(): void {
    this.ops.push('Q');
    this.fillNow = this.saved.pop() ?? 'black';
  }
}
