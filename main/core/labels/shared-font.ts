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
 * PDFKit sees depends only on the text being laid out. It also memoises shaping runs
 * across documents (bounded), which is most of the cost of drawing text.
 */
import type { Font } from 'fontkit';

interface Glyph {
  id: number;
  codePoints: number[];
  _decode(): unknown;
}
interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}
interface GlyphRun {
  glyphs: Glyph[];
  positions: Position[];
}
interface Subset {
  glyphs: number[];
  encode(): Uint8Array;
}
interface FontInternals {
  getGlyph(id: number, codePoints?: number[]): Glyph | null;
  layout(text: string, ...rest: unknown[]): GlyphRun & { advanceWidth: number };
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

/** Enough for every word of a few thousand different labels; then start over. */
const MAX_RUNS = 20_000;
/** Encoded font subsets kept (~20 KB each): the ASCII one plus the common accents. */
const MAX_SUBSETS = 64;

export function shareFont(font: Font): SharedFont {
  const base = font as unknown as Font & FontInternals;
  const views = new Map<string, Glyph>();
  const runs = new Map<string, GlyphRun & { advanceWidth: number }>();
  const advances = new Map<string, number>();
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

  const layout = base.layout;
  shared.layout = (text: string, ...rest: unknown[]) => {
    // Calls with features, script or direction are rare; do not cache them.
    if (rest.some((r) => r !== undefined)) return layout.call(shared, text, ...rest);
    let run = runs.get(text);
    if (!run) {
      if (runs.size >= MAX_RUNS) runs.clear();
      run = layout.call(shared, text);
      runs.set(text, run);
    }
    // PDFKit scales positions in place, so every caller gets its own copies.
    const copy = Object.create(Object.getPrototypeOf(run)) as typeof run;
    Object.assign(copy, run);
    copy.glyphs = run.glyphs.slice();
    copy.positions = run.positions.map((p) => ({ ...p }));
    return copy;
  };

  // Encoding a subset (a TrueType file of the glyphs used) is a third of a label's time,
  // and its bytes depend only on the glyph ids in order of inclusion: keep them.
  const subsets = new Map<string, Uint8Array>();
  const createSubset = base.createSubset;
  shared.createSubset = (): Subset => {
    const subset = createSubset.call(shared);
    const encode = subset.encode;
    subset.encode = () => {
      const key = subset.glyphs.join(',');
      let bytes = subsets.get(key);
      if (!bytes) {
        if (subsets.size >= MAX_SUBSETS) subsets.clear();
        bytes = encode.call(subset);
        subsets.set(key, bytes);
      }
      return bytes;
    };
    return subset;
  };

  let pdfkitRuns: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  let handedOut = 0;
  shared.pdfkitLayoutCache = () => {
    // Counting keys costs a little, so the bound is checked every thousand documents.
    if (++handedOut % 1000 === 0 && Object.keys(pdfkitRuns).length >= MAX_RUNS) {
      pdfkitRuns = Object.create(null) as Record<string, unknown>;
    }
    return pdfkitRuns;
  };

  shared.advanceOf = (text: string): number => {
    let total = 0;
    for (const chunk of text.split(/(?<=[ \t])/u)) {
      let advance = advances.get(chunk);
      if (advance === undefined) {
        if (advances.size >= MAX_RUNS) advances.clear();
        advance = layout.call(shared, chunk).advanceWidth;
        advances.set(chunk, advance);
      }
      total += advance;
    }
    return total;
  };

  return shared;
}
