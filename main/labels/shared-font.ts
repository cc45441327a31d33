/**
 * One parsed fontkit font shared by every label document. Parsing Noto Sans (its GSUB,
 * GPOS and cmap tables) costs ~60 ms, so each document cannot have its own; sharing one
 * naively, though, would make the PDF bytes depend on what was rendered before:
 *
 * - fontkit caches one Glyph object per glyph id, and that object keeps the code points
 *   of whichever text first produced it ("ffi" in "office" vs U+FB03). PDFKit writes
 *   those code points into the ToUnicode map, so the same label could come out with
 *   different bytes (and different extracted text) depending on history.
 *
 * The wrapper below hands out one glyph view per (glyph id, code points), so what
 * PDFKit sees depends only on the text being laid out. It also keeps shaped words and
 * encoded subsets across documents (bounded), which is most of the cost of a label.
 */
import type { Font } from 'fontkit';
import { LRUCache } from 'lru-cache';

interface Glyph {
  id: number;
  codePoints: number[];
  _decode(): unknown;
}
interface Subset {
  glyphs: number[];
  encode(): Uint8Array;
}
/** fontkit's GlyphRun, as far as PDFKit and the writers read it: advanceWidth is the sum of xAdvance. */
interface PdfKitRun {
  readonly advanceWidth: number;
  glyphs: { advanceWidth: number }[];
  positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number; [key: string]: number }[];
}

/** Printable ASCII with at least one digit. */
const WITH_DIGITS = /^(?=[^0-9]*[0-9])[\x20-\x7e]+$/;
interface FontInternals {
  getGlyph(id: number, codePoints?: number[]): Glyph | null;
  layout(text: string): { advanceWidth: number };
  createSubset(): Subset;
}

export interface SharedFont extends Font {
  /**
   * A layout cache for PDFKit's font object of one document (its `layoutCache`), shared
   * by every document: PDFKit keeps one per document, so each label laid every word out
   * again. PDFKit treats cached runs as read-only, as it must within a document already.
   */
  pdfkitLayoutCache(): Record<string, unknown>;
  /**
   * Advance width of `text` in font units, shaped word by word exactly as PDFKit lays
   * text out (each chunk ends after a space), so it matches doc.widthOfString.
   */
  advanceOf(text: string): number;
}

/**
 * Words whose layout is kept: the common ones of a desk's labels (street and place names,
 * fixed captions). Unique words (tracking and shipment numbers) pass through; without a
 * bound they held ~40 KB of a worker's heap per label rendered.
 */
const MAX_WORDS = 4000;
/** Encoded font subsets kept (~10 KB each): the ASCII one plus the common accents. */
const MAX_SUBSETS = 64;

export function shareFont(font: Font): SharedFont {
  const base = font as unknown as Font & FontInternals;
  const views = new Map<string, Glyph>();
  // Own properties shadow the font's methods; everything else (tables, caches, the
  // subsetter) is inherited, and fontkit's lazy getters cache on this object.
  const shared = Object.create(base) as SharedFont & FontInternals;

  shared.getGlyph = (id: number, codePoints: number[] = []): Glyph | null => {
    const key = `${id}:${codePoints.join(',')}`;
    let view = views.get(key);
    if (!view) {
      const glyph = base.getGlyph(id);
      if (!glyph) return null;
      // The subsetter decodes every glyph's outline of every document only to find
      // composite glyphs' components; the decoded outline is never modified, so keep it.
      let decoded: unknown;
      const decode = () => (decoded ??= glyph._decode());
      view = Object.create(glyph, {
        codePoints: { value: codePoints, enumerable: true, writable: true },
        isLigature: { value: codePoints.length > 1, enumerable: true, writable: true },
        _decode: { value: decode, writable: true },
      }) as Glyph;
      views.set(key, view);
    }
    return view;
  };

  // Encoding a subset (a TrueType file of the glyphs used) is a third of a label's time,
  // and its bytes depend only on the glyph ids in order of inclusion: keep them.
  const subsets = new LRUCache<string, Uint8Array>({ max: MAX_SUBSETS });
  const createSubset = base.createSubset;
  shared.createSubset = (): Subset => {
    const subset = createSubset.call(shared);
    const encode = subset.encode;
    subset.encode = () => {
      const key = subset.glyphs.join(',');
      let bytes = subsets.get(key);
      if (!bytes) {
        bytes = encode.call(subset);
        subsets.set(key, bytes);
      }
      return bytes;
    };
    return subset;
  };

  // PDFKit's cache is a plain object it writes itself, so it cannot evict; it is replaced
  // once it holds more than MAX_WORDS words, checked every hundred documents.
  let pdfkitRuns = Object.create(null) as Record<string, unknown>;
  let handedOut = 0;
  shared.pdfkitLayoutCache = () => {
    if (++handedOut % 100 === 0 && Object.keys(pdfkitRuns).length > MAX_WORDS) {
      pdfkitRuns = Object.create(null) as Record<string, unknown>;
    }
    return pdfkitRuns;
  };

  // A word measured here is then drawn by PDFKit: its run goes into PDFKit's cache as
  // PDFKit's layoutRun would make it (positions in thousandths of the size), so that a
  // word is laid out once, not once for its width and again for drawing.
  // Shaping a word is most of its cost, and a label's new words are mostly numbers
  // (shipment and tracking numbers, post codes, weights). In the label fonts a digit
  // neither forms a ligature nor kerns with anything beside it (a test checks every pair
  // and mixed strings), so a printable-ASCII word with digits is shaped as its runs
  // between the digits, each digit alone, and the same glyphs and positions put together.
  const baseLayout = base.layout;
  const parts = new LRUCache<string, PdfKitRun>({ max: MAX_WORDS });
  const shapedPart = (part: string): PdfKitRun => {
    let run = parts.get(part);
    if (!run) {
      run = baseLayout.call(shared, part) as PdfKitRun;
      parts.set(part, run);
    }
    return run;
  };
  shared.layout = (text: string, ...rest: unknown[]) => {
    if (rest.some((r) => r !== undefined) || !WITH_DIGITS.test(text))
      return (baseLayout as (t: string, ...r: unknown[]) => PdfKitRun).call(shared, text, ...rest);
    const glyphs: PdfKitRun['glyphs'] = [];
    const positions: PdfKitRun['positions'] = [];
    for (const part of text.split(/([0-9])/)) {
      if (!part) continue;
      const run = shapedPart(part);
      glyphs.push(...run.glyphs);
      // Copies: PDFKit scales the positions of the runs it is given in place.
      for (const { xAdvance, yAdvance, xOffset, yOffset } of run.positions)
        positions.push({ xAdvance, yAdvance, xOffset, yOffset });
    }
    return {
      glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, p) => sum + p.xAdvance, 0);
      },
    };
  };

  const toPdf = 1000 / base.unitsPerEm;
  const advances = new LRUCache<string, number>({ max: MAX_WORDS });
  shared.advanceOf = (text: string): number => {
    let total = 0;
    for (const chunk of text.split(/(?<=[ \t])/u)) {
      let advance = advances.get(chunk);
      if (advance === undefined) {
        const run = shared.layout(chunk) as PdfKitRun;
        advance = run.advanceWidth;
        advances.set(chunk, advance);
        if (!(chunk in pdfkitRuns)) {
          run.positions.forEach((position, i) => {
            for (const key of Object.keys(position)) position[key]! *= toPdf;
            position.advanceWidth = run.glyphs[i]!.advanceWidth * toPdf;
          });
          pdfkitRuns[chunk] = run;
        }
      }
      total += advance;
    }
    return total;
  };

  return shared;
}
