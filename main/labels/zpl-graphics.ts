/**
 * Text as a 1-bit picture for ZPL's ^GF: the label font's glyph outlines, flattened and
 * filled by scanline (nonzero winding, a dot is black when its centre is inside), then
 * written in ZPL's ASCII compression. No anti-aliasing: a thermal dot is black or not.
 */
import { LRUCache } from 'lru-cache';
import type { SharedFont } from './shared-font';

export interface Bitmap {
  width: number;
  height: number;
  /** Bytes per row; bit 7 of a byte is its leftmost dot. */
  rowBytes: number;
  bits: Uint8Array;
  /** Dots from the pen's start to the bitmap's left edge (negative when a glyph overhangs). */
  left: number;
  /** Dots from the bitmap's top row to the baseline. */
  ascent: number;
}

interface PathCommand {
  command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath';
  args: number[];
}
interface GlyphRun {
  glyphs: { path: { commands: PathCommand[] } }[];
  positions: { xAdvance: number; xOffset: number; yOffset: number }[];
}

type Edge = [x0: number, y0: number, x1: number, y1: number];

/** Steps per curve: fine enough at label sizes (a glyph is at most ~100 dots tall). */
const CURVE_STEPS = 8;

/** One glyph's dots, 1 byte a dot; `left`/`top` from the glyph's origin on the baseline. */
interface GlyphDots {
  left: number;
  top: number;
  width: number;
  height: number;
  dots: Uint8Array;
}

type Glyph = GlyphRun['glyphs'][number] & { id: number };

// A glyph is filled once per size and font; a line of text is then only copies of glyphs
// at whole-dot positions (half a dot off at most, below what a thermal printer shows).
const glyphCache = new WeakMap<object, Map<string, GlyphDots>>();
const MAX_GLYPHS = 4000;

function glyphDots(font: SharedFont, glyph: Glyph, scale: number): GlyphDots {
  let cache = glyphCache.get(font);
  if (!cache) glyphCache.set(font, (cache = new Map()));
  const key = `${glyph.id}@${scale}`;
  let found = cache.get(key);
  if (!found) {
    if (cache.size >= MAX_GLYPHS) cache.clear();
    found = fillGlyph(glyph, scale);
    cache.set(key, found);
  }
  return found;
}

function fillGlyph(glyph: Glyph, scale: number): GlyphDots {
  // Font units (y up) to dots (y down, baseline at 0).
  const edges: Edge[] = [];
  let sx = 0,
    sy = 0,
    cx = 0,
    cy = 0;
  const lineTo = (x: number, y: number) => {
    if (x !== cx || y !== cy) edges.push([cx, cy, x, y]);
    cx = x;
    cy = y;
  };
  for (const { command, args } of glyph.path.commands) {
    const a = args.map((v, i) => (i % 2 === 0 ? v * scale : -v * scale));
    if (command === 'moveTo') {
      lineTo(sx, sy);
      [cx, cy] = [a[0]!, a[1]!];
      [sx, sy] = [cx, cy];
    } else if (command === 'lineTo') {
      lineTo(a[0]!, a[1]!);
    } else if (command === 'quadraticCurveTo') {
      const [x0, y0, x1, y1, x2, y2] = [cx, cy, a[0]!, a[1]!, a[2]!, a[3]!];
      for (let s = 1; s <= CURVE_STEPS; s++) {
        const t = s / CURVE_STEPS,
          u = 1 - t;
        lineTo(u * u * x0 + 2 * u * t * x1 + t * t * x2, u * u * y0 + 2 * u * t * y1 + t * t * y2);
      }
    } else if (command === 'bezierCurveTo') {
      const [x0, y0, x1, y1, x2, y2, x3, y3] = [cx, cy, a[0]!, a[1]!, a[2]!, a[3]!, a[4]!, a[5]!];
      for (let s = 1; s <= CURVE_STEPS; s++) {
        const t = s / CURVE_STEPS,
          u = 1 - t;
        lineTo(
          u * u * u * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3,
          u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3,
        );
      }
    } else {
      lineTo(sx, sy);
    }
  }
  lineTo(sx, sy);
  if (!edges.length) return { left: 0, top: 0, width: 0, height: 0, dots: new Uint8Array(0) };

  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity;
  for (const [x0, y0, x1, y1] of edges) {
    minX = Math.min(minX, x0, x1);
    maxX = Math.max(maxX, x0, x1);
    minY = Math.min(minY, y0, y1);
    maxY = Math.max(maxY, y0, y1);
  }
  const left = Math.floor(minX);
  const top = Math.floor(minY);
  const width = Math.max(1, Math.ceil(maxX) - left);
  const height = Math.max(1, Math.ceil(maxY) - top);
  const dots = new Uint8Array(width * height);
  const crossings: [x: number, dir: number][] = [];
  for (let row = 0; row < height; row++) {
    const yc = top + row + 0.5;
    crossings.length = 0;
    for (const [x0, y0, x1, y1] of edges) {
      if ((y0 <= yc && y1 > yc) || (y1 <= yc && y0 > yc)) {
        crossings.push([x0 + ((yc - y0) * (x1 - x0)) / (y1 - y0), y1 > y0 ? 1 : -1]);
      }
    }
    crossings.sort((p, q) => p[0] - q[0]);
    let winding = 0;
    let spanStart = 0;
    for (const [x, dir] of crossings) {
      const before = winding;
      winding += dir;
      if (before === 0 && winding !== 0) spanStart = x;
      else if (before !== 0 && winding === 0) {
        // A dot is black when its centre lies inside the outline (nonzero winding).
        const from = Math.max(0, Math.ceil(spanStart - left - 0.5));
        const to = Math.min(width - 1, Math.floor(x - left - 0.5));
        dots.fill(1, row * width + from, row * width + to + 1);
      }
    }
  }
  return { left, top, width, height, dots };
}

// Shaped words, kept per font: a label's lines are mostly words it had before (street and
// place names, captions), and shaping is most of the cost of a picture of text.
const wordRuns = new WeakMap<object, LRUCache<string, GlyphRun>>();
const MAX_WORDS = 4000;

/** `text` shaped word by word (each chunk ends after a space), as PDFKit lays it out. */
function shapedWords(font: SharedFont, text: string): GlyphRun[] {
  let cache = wordRuns.get(font);
  if (!cache) wordRuns.set(font, (cache = new LRUCache({ max: MAX_WORDS })));
  return text.split(/(?<=[ \t])/u).map((chunk) => {
    let run = cache.get(chunk);
    if (!run) {
      run = (font as unknown as { layout(t: string): GlyphRun }).layout(chunk);
      cache.set(chunk, run);
    }
    return run;
  });
}

export function rasterizeText(font: SharedFont, text: string, sizeDots: number): Bitmap | null {
  const scale = sizeDots / font.unitsPerEm;
  const placed: { g: GlyphDots; x: number; y: number }[] = [];
  let pen = 0;
  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity;
  for (const run of shapedWords(font, text)) {
    run.glyphs.forEach((glyph, i) => {
      const pos = run.positions[i]!;
      const g = glyphDots(font, glyph as Glyph, scale);
      const x = Math.round((pen + pos.xOffset) * scale);
      const y = -Math.round(pos.yOffset * scale);
      pen += pos.xAdvance;
      if (!g.width) return;
      placed.push({ g, x, y });
      minX = Math.min(minX, x + g.left);
      maxX = Math.max(maxX, x + g.left + g.width);
      minY = Math.min(minY, y + g.top);
      maxY = Math.max(maxY, y + g.top + g.height);
    });
  }
  if (!placed.length) return null;
  const width = maxX - minX;
  const height = maxY - minY;
  const rowBytes = Math.ceil(width / 8);
  const bits = new Uint8Array(rowBytes * height);
  for (const { g, x, y } of placed) {
    const ox = x + g.left - minX;
    const oy = y + g.top - minY;
    for (let r = 0; r < g.height; r++) {
      const row = (oy + r) * rowBytes;
      for (let c = 0; c < g.width; c++) {
        if (g.dots[r * g.width + c]) {
          const col = ox + c;
          bits[row + (col >> 3)]! |= 0x80 >> (col & 7);
        }
      }
    }
  }
  return { width, height, rowBytes, bits, left: minX, ascent: -minY };
}

const HEX = '0123456789ABCDEF';
/** ZPL's repeat counts: G…Y are 1–19, g…z are 20, 40, … 400. */
function repeat(n: number, ch: string): string {
  if (n === 1) return ch;
  let out = '';
  for (; n >= 400; n -= 400) out += 'z';
  if (n >= 20) {
    out += String.fromCharCode('g'.charCodeAt(0) + Math.floor(n / 20) - 1);
    n %= 20;
  }
  if (n > 0) out += String.fromCharCode('G'.charCodeAt(0) + n - 1);
  return out + ch;
}

/** `^GFA` with the bitmap in ZPL ASCII compression (runs, "," for a row ending white, ":" for a repeated row). */
export function zplGraphic(b: Bitmap): string {
  const total = b.rowBytes * b.height;
  const out: string[] = [];
  const nibbles: number[] = [];
  for (let r = 0; r < b.height; r++) {
    const start = r * b.rowBytes;
    if (r > 0 && sameRow(b.bits, start - b.rowBytes, start, b.rowBytes)) {
      out.push(':');
      continue;
    }
    let end = start + b.rowBytes;
    while (end > start && b.bits[end - 1] === 0) end--;
    nibbles.length = 0;
    for (let i = start; i < end; i++) nibbles.push(b.bits[i]! >> 4, b.bits[i]! & 15);
    // A last byte of the form x0 leaves a trailing zero nibble: "," covers it.
    if (nibbles.length && nibbles[nibbles.length - 1] === 0) nibbles.pop();
    for (let i = 0; i < nibbles.length;) {
      let j = i + 1;
      while (j < nibbles.length && nibbles[j] === nibbles[i]) j++;
      out.push(repeat(j - i, HEX[nibbles[i]!]!));
      i = j;
    }
    if (nibbles.length < b.rowBytes * 2) out.push(',');
  }
  return `^GFA,${total},${total},${b.rowBytes},${out.join('')}`;
}

function sameRow(bits: Uint8Array, a: number, b: number, n: number): boolean {
  for (let i = 0; i < n; i++) if (bits[a + i] !== bits[b + i]) return false;
  return true;
}
