/**
 * The ZPL II writer: the layout of label-layout.ts as one `^XA … ^XZ` format per piece, for
 * a thermal printer at 203 or 300 dpi (docs/contract.md §15). Barcodes are the printer's own
 * (^BC Code 128, ^BQ QR), so they are sharp at any resolution. A label whose text the
 * resident scalable font 0 can show is written in font 0; on a label with any other text
 * (Łódź, Αθήνα, Москва) every line is drawn from the label's embedded font as a ^GF
 * graphic, so a stock printer needs nothing downloaded and the label keeps one typeface.
 * A pure function of its inputs: the same label always gives the same bytes.
 */
import { LRUCache } from 'lru-cache';
import type { LabelData, LabelDpi, LabelOptions } from '../core/label-data';
import { loadLabelFonts, resolveFontsDir, type LabelFonts } from './label-fonts';
import { layoutPage, selectPieces, type Box, type LabelPart, type PageLayout, type TextPart } from './label-layout';
import { rasterizeText, zplGraphic } from './zpl-graphics';
import { TextFit } from './label-text';
import { code128Modules, code128ZplData } from './zpl-code128';

/** Resident font 0 places a line's baseline this far below the field's top, per dot of height. */
const FONT0_ASCENT = 0.78;
/**
 * Characters font 0 prints itself: ASCII and Latin-1 (é, ü, ß, ×, ·), sent as UTF-8 under
 * ^CI28 in ^FH hex escapes so that the document stays plain ASCII.
 */
const RESIDENT = /^[\x20-\x7e\u00a0-\u00ff]*$/;

export function renderZplSync(data: LabelData, options: LabelOptions): Buffer {
  const dpi: LabelDpi = options.dpi ?? 203;
  const fonts = loadLabelFonts(resolveFontsDir());
  const fit = new TextFit(fonts);
  const pages = selectPieces(data.pieces, options.pieces).map((piece) => layoutPage(fit, data, piece, options.size));
  return writeZpl(pages, dpi, fonts);
}

/** Any laid-out pages (labels, a printer test page) as one ZPL document, a format per page. */
export function writeZpl(pages: PageLayout[], dpi: LabelDpi, fonts: LabelFonts): Buffer {
  const fit = new TextFit(fonts);
  return Buffer.from(pages.map((page) => zplPage(page, dpi, fonts, fit)).join(''), 'latin1');
}

/** Label width and length in dots for a page of `width` × `height` points. */
export function zplPageDots(layout: { width: number; height: number }, dpi: LabelDpi): [number, number] {
  return [Math.round((layout.width * dpi) / 72), Math.round((layout.height * dpi) / 72)];
}

function zplPage(page: PageLayout, dpi: LabelDpi, fonts: LabelFonts, fit: TextFit): string {
  const d = (pt: number) => Math.round((pt * dpi) / 72);
  const [w, h] = zplPageDots(page, dpi);
  // ^CI28 and ^FH: field data is UTF-8, written as ASCII with hex escapes; ^PON and ^LH0,0
  // leave no printer setting to chance; ^MNY: labels with gaps (most thermal stock).
  const z: string[] = [`^XA\n^CI28^PON^LH0,0^MNY^PW${w}^LL${h}\n`];
  // One typeface a label: font 0 next to the label font's pictures read as two different hands.
  const pictures = page.parts.some((part) => part.kind === 'text' && !RESIDENT.test(part.text));
  for (const part of page.parts) z.push(zplPart(part, d, dpi, fonts, fit, pictures));
  z.push('^PQ1^XZ\n');
  return z.join('');
}

function zplPart(
  part: LabelPart,
  d: (pt: number) => number,
  dpi: LabelDpi,
  fonts: LabelFonts,
  fit: TextFit,
  pictures: boolean,
): string {
  switch (part.kind) {
    case 'fill': {
      const [x, y, w, h] = boxDots(part.box, d);
      return `^FO${x},${y}^GB${w},${h},${Math.min(w, h)},${part.color === 'white' ? 'W' : 'B'},0^FS\n`;
    }
    case 'stroke': {
      const t = Math.max(1, d(part.lineWidth));
      const half = Math.floor(t / 2);
      const out: string[] = [];
      for (const [x1, y1, x2, y2] of part.segments) {
        const [ax, ay, bx, by] = [d(Math.min(x1, x2)), d(Math.min(y1, y2)), d(Math.max(x1, x2)), d(Math.max(y1, y2))];
        if (ax !== bx && ay !== by) {
          // A slanted line (a ticked box's cross): ^GD, leaning \ (L) when it runs down to the right.
          const lean = (x2 - x1) * (y2 - y1) > 0 ? 'L' : 'R';
          out.push(`^FO${ax},${ay}^GD${bx - ax},${by - ay},${t},B,${lean}^FS\n`);
          continue;
        }
        out.push(`^FO${ax - half},${ay - half}^GB${bx - ax + t},${by - ay + t},${t},B,0^FS\n`);
      }
      for (const r of part.rects) {
        const [x, y, w, h] = boxDots(r, d);
        out.push(`^FO${x - half},${y - half}^GB${w + t},${h + t},${t},B,0^FS\n`);
      }
      return out.join('');
    }
    case 'text':
      return pictures ? graphicText(part, d, fonts, fit) : residentText(part, d);
    case 'code128':
      return code128(part.value, part.box, d, dpi);
    case 'qr':
      return qr(part.value, part.box, d);
  }
}

const boxDots = (b: Box, d: (pt: number) => number): [number, number, number, number] => {
  const x = d(b.x);
  const y = d(b.y);
  return [x, y, d(b.x + b.width) - x, d(b.y + b.height) - y];
};

/** ^FD data in ASCII: ZPL's command characters and anything beyond ASCII as UTF-8 hex bytes (^FH_). */
const fieldData = (text: string) =>
  text.replace(/[\^~_]|[^\x20-\x7e]/gu, (c) =>
    Array.from(Buffer.from(c, 'utf8'), (b) => `_${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );

/** A line in font 0, its height the line's point size; ^FB keeps it inside its box. */
function residentText(t: TextPart, d: (pt: number) => number): string {
  const height = Math.max(10, d(t.size));
  const top = d(t.baseline) - Math.round(height * FONT0_ASCENT);
  const align = t.align === 'center' ? 'C' : t.align === 'right' ? 'R' : 'L';
  const reverse = t.color === 'white' ? '^FR' : '';
  return `^FO${d(t.x)},${top}^A0N,${height},${height}^FB${d(t.width)},1,0,${align}${reverse}^FH_^FD${fieldData(t.text)}^FS\n`;
}

/** Pictures of lines already drawn: a desk's sender address, its own city names. */
const graphics = new LRUCache<string, { gf: string; left: number; ascent: number } | { gf: '' }>({ max: 500 });

/** A line the resident font cannot show: the label font's glyphs as a bitmap. */
function graphicText(t: TextPart, d: (pt: number) => number, fonts: LabelFonts, fit: TextFit): string {
  const sizeDots = (t.size * d(72)) / 72;
  const key = `${fonts.dir}|${t.weight}|${sizeDots}|${t.text}`;
  let bitmap = graphics.get(key);
  if (!bitmap) {
    const drawn = rasterizeText(fonts[t.weight], t.text, sizeDots);
    bitmap = drawn ? { gf: zplGraphic(drawn), left: drawn.left, ascent: drawn.ascent } : { gf: '' };
    graphics.set(key, bitmap);
  }
  if (!('left' in bitmap)) return '';
  const w = t.align === 'left' ? 0 : fit.widthOf(t.text, t.weight, t.size);
  const dx = t.align === 'right' ? t.width - w : t.align === 'center' ? (t.width - w) / 2 : 0;
  const reverse = t.color === 'white' ? '^FR' : '';
  // The comment keeps the text readable in the ZPL (and lets tests compare it with the PDF).
  return `^FX${fieldData(asciiComment(t.text))}^FS\n^FO${d(t.x + dx) + bitmap.left},${d(t.baseline) - bitmap.ascent}${reverse}${bitmap.gf}^FS\n`;
}

/** Non-ASCII characters as \u{…} escapes: a ^FX comment must stay plain ASCII too. */
const asciiComment = (text: string) =>
  Array.from(text, (c) => (/^[\x20-\x7e]$/.test(c) ? c : `\\u{${c.codePointAt(0)!.toString(16)}}`)).join('');

function code128(value: string, box: Box, d: (pt: number) => number, dpi: LabelDpi): string {
  const modules = code128Modules(value);
  if (!modules) return '';
  // Ten modules of quiet zone either side, as in the PDF; at most 4 dots a module at 203 dpi.
  const maxDots = dpi === 300 ? 6 : 4;
  const boxW = d(box.width);
  let m = maxDots;
  while (m > 1 && (modules + 20) * m > boxW) m--;
  const x = d(box.x) + Math.floor((boxW - modules * m) / 2);
  const h = d(box.height);
  return `^FO${x},${d(box.y)}^BY${m},3,${h}^BCN,${h},N,N,N^FH_^FD${fieldData(code128ZplData(value))}^FS\n`;
}

/**
 * Bytes a QR symbol holds in byte mode at error correction M, versions 1 to 40: the printer
 * picks the smallest that fits, so the writer knows its size without building it.
 */
const QR_BYTES_M = [
  14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666, 711, 779, 857, 911,
  997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213, 2331,
];

function qr(value: string, box: Box, d: (pt: number) => number): string {
  const bytes = Buffer.byteLength(value, 'latin1');
  const version = QR_BYTES_M.findIndex((capacity) => capacity >= bytes) + 1;
  if (!value || version === 0) return '';
  const modules = 17 + 4 * version;
  const side = Math.min(d(box.width), d(box.height));
  const mag = Math.max(1, Math.min(10, Math.floor(side / (modules + 8))));
  const drawn = modules * mag;
  const x = d(box.x) + Math.floor((d(box.width) - drawn) / 2);
  const y = d(box.y) + Math.floor((d(box.height) - drawn) / 2);
  // Error correction M as in the PDF; the data in byte mode, its length in four digits.
  // ^BY back to its defaults first: some renderers offset a QR code by the bar height
  // that the last ^BY set (the Code 128's, possibly on the previous label).
  const count = bytes.toString().padStart(4, '0');
  return `^BY2,3,10^FO${x},${y}^BQN,2,${mag}^FH_^FDMM,B${count}${fieldData(value)}^FS\n`;
}
