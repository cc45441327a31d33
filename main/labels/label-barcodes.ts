/**
 * Barcodes drawn as vector rectangles snapped to the 203 dpi dot grid of a thermal
 * printer, so every bar is a whole number of dots wide and the symbol stays scannable
 * whether printed at 203 or 300 dpi.
 */
import { LRUCache } from 'lru-cache';
import { create as createQr } from 'qrcode/lib/core/qrcode.js';
import { code128Widths } from './code128';

/** One printer dot at 203 dpi, in PDF points. */
export const DOT = 72 / 203;

/** Code 128 needs at least ten modules of white either side. */
const LINEAR_QUIET_MODULES = 10;
/** QR needs four modules of white around it. */
const QR_QUIET_MODULES = 4;

export const snapToDots = (pt: number): number => Math.round(pt / DOT) * DOT;

interface Matrix {
  /** Row by row, truthy for a dark module. */
  pixs: ArrayLike<number>;
  pixx: number;
  pixy: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Minimal drawing surface (a PDFKit document satisfies it). */
export interface RectSink {
  save(): unknown;
  transform(m11: number, m12: number, m21: number, m22: number, dx: number, dy: number): unknown;
  rect(x: number, y: number, w: number, h: number): unknown;
  fill(color?: string): unknown;
  restore(): unknown;
}

export interface LinearPlan {
  modules: number;
  /** Alternating bar, space, bar… widths in modules, starting with a bar. */
  sbs: number[];
}

/** The Code 128 symbol of `text`: printable ASCII (`asciiOnly`), else null. */
export function planCode128(text: string): LinearPlan | null {
  const sbs = code128Widths(text);
  if (!sbs) return null;
  return { sbs, modules: sbs.reduce((a, b) => a + b, 0) };
}

/**
 * Draws a Code 128 centred in `box` with the widest whole-dot module (up to `maxDots`)
 * that leaves the quiet zones inside the box. Returns the width used, or 0 when the
 * symbol cannot fit even at one dot per module.
 */
export function drawCode128(sink: RectSink, plan: LinearPlan, box: Box, maxDots = 4): number {
  const totalModules = plan.modules + 2 * LINEAR_QUIET_MODULES;
  let dots = maxDots;
  while (dots > 1 && totalModules * dots * DOT > box.width) dots--;
  const module = dots * DOT;
  if (totalModules * module > box.width) return 0;
  const width = plan.modules * module;
  // Bars are drawn in module units (whole numbers) under a scale: a third of the bytes
  // of absolute coordinates, in a content stream deflated for every label.
  sink.save();
  sink.transform(module, 0, 0, 1, snapToDots(box.x + (box.width - width) / 2), box.y);
  let x = 0;
  plan.sbs.forEach((w, i) => {
    if (i % 2 === 0) sink.rect(x, 0, w, box.height);
    x += w;
  });
  sink.fill('black');
  sink.restore();
  return width;
}

/**
 * The QR symbol's modules. The `qrcode` package rather than bwip-js: an order of magnitude
 * faster (docs/performance.md). A fixed mask skips the trial of
 * all eight; any mask gives a valid symbol, the choice only tunes module balance.
 */
export function planQr(text: string): Matrix | null {
  if (!text) return null;
  const { modules } = qrSymbol(text);
  return { pixs: modules.data, pixx: modules.size, pixy: modules.size };
}

const QR_OPTIONS = { errorCorrectionLevel: 'M', maskPattern: 1 } as const;

/**
 * qrcode splits a string into numeric, alphanumeric and byte segments by a shortest-path
 * search, over half the time of a label's QR code. For printable ASCII the split depends
 * only on which of the three classes each character is in, so it is found once per
 * pattern (a desk's payloads share a few: tracking number, shipment number, post code)
 * and handed over as segments, which gives the very same symbol.
 */
function qrSymbol(text: string): ReturnType<typeof createQr> {
  let key = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return createQr(text, QR_OPTIONS);
    key += c >= 0x30 && c <= 0x39 ? 'n' : QR_ALPHANUMERIC.has(c) ? 'a' : 'b';
  }
  const plan = qrSplits.get(key);
  if (plan) {
    let at = 0;
    return createQr(
      plan.map(({ mode, length }) => ({ data: text.slice(at, (at += length)), mode })),
      QR_OPTIONS,
    );
  }
  const symbol = createQr(text, QR_OPTIONS);
  qrSplits.set(
    key,
    symbol.segments.map((s) => ({ mode: s.mode, length: s.getLength() })),
  );
  return symbol;
}

/** Non-digit characters of QR's alphanumeric mode: A–Z, space and $%*+-./: */
const QR_ALPHANUMERIC = new Set(Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:', (ch) => ch.charCodeAt(0)));
const qrSplits = new LRUCache<string, { mode: object; length: number }[]>({ max: 1000 });

/**
 * Draws the QR code as large as whole-dot modules allow inside `box` (quiet zone
 * included), centred. Horizontal runs of dark modules become one rectangle each, which
 * keeps the content stream small. Returns the side length drawn.
 */
export function drawQr(sink: RectSink, matrix: Matrix, box: Box): number {
  const span = matrix.pixx + 2 * QR_QUIET_MODULES;
  const dots = Math.floor(Math.min(box.width, box.height) / span / DOT);
  if (dots < 1) return 0;
  const module = dots * DOT;
  const side = matrix.pixx * module;
  const x0 = snapToDots(box.x + (box.width - side) / 2);
  const y0 = snapToDots(box.y + (box.height - side) / 2);
  // In module units, as for Code 128.
  sink.save();
  sink.transform(module, 0, 0, module, x0, y0);
  for (let row = 0; row < matrix.pixy; row++) {
    let col = 0;
    while (col < matrix.pixx) {
      if (!matrix.pixs[row * matrix.pixx + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < matrix.pixx && matrix.pixs[row * matrix.pixx + col]) col++;
      sink.rect(start, row, col - start, 1);
    }
  }
  sink.fill('black');
  sink.restore();
  return side;
}
