/**
 * Text on a label: formatting of values, and fitting lines into boxes (shrink first, then
 * ellipsis; or wrap) with the fonts' metrics, whichever writer draws them.
 */
import type { Address } from '../core/schemas';
import { printable, type LabelFonts } from './label-fonts';

const S10 = /^([A-Z]{2})(\d{4})(\d{4})(\d)([A-Z]{2})$/;

/** "SX123456785GB" → "SX 1234 5678 5 GB"; other shapes in groups of four. */
export function formatTrackingNumber(tracking: string): string {
  const t = tracking.replace(/\s+/g, '');
  const m = S10.exec(t);
  if (m) return m.slice(1).join(' ');
  return t.replace(/(.{4})(?=.)/gu, '$1 ');
}

/** The UTC calendar date of an ISO date-time, or of a plain date; '' when unreadable. */
export function formatDate(iso: string): string {
  const plain = /^(\d{4}-\d{2}-\d{2})$/.exec(iso.trim());
  if (plain) return plain[1] ?? '';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString().slice(0, 10);
}

/** Numbers as people write them: no float noise, no trailing zeros, no grouping. */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return '';
  return String(Number(n.toFixed(3)));
}

// English names: the label's language does not follow the operator's machine.
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

export function countryName(code: string): string {
  const c = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(c)) return c;
  try {
    return regionNames.of(c) ?? c;
  } catch {
    return c;
  }
}

/** Non-empty parts joined; the building block of compact address lines. */
export const join = (sep: string, ...parts: (string | undefined)[]): string =>
  parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(sep);

export function addressName(a: Address): string {
  return a.fullName.trim() || a.businessName.trim();
}

export type Weight = 'regular' | 'bold';
export type Align = 'left' | 'center' | 'right';

export interface Line {
  text: string;
  size: number;
}

export interface DrawOptions {
  weight?: Weight;
  size: number;
  /** Width of the box the line must stay inside. */
  width: number;
  align?: Align;
  /** Smallest size the text may shrink to before it is cut with an ellipsis. */
  minSize?: number;
  color?: 'black' | 'white';
}

const ELLIPSIS = '…';

/**
 * The glyphs every label subset starts with: printable ASCII (in code order, where no
 * two neighbours form a ligature), the ligatures Noto Sans forms from it, and the few
 * other characters labels print themselves. Few words, because each costs a layout.
 */
export const BASE_GLYPHS = [
  Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join(''),
  'ff',
  'fi',
  'fl',
  'ffi',
  'ffl',
  `${ELLIPSIS}·×`,
].join(' ');

/**
 * Fits text into boxes with the label fonts' own metrics, for every writer: single lines
 * that never leave their box (shrink first, then ellipsis) and word-wrapped blocks.
 */
export class TextFit {
  constructor(readonly fonts: LabelFonts) {}

  clean(text: string, weight: Weight = 'regular'): string {
    return printable(text, this.fonts[weight]);
  }

  /** Same as PDFKit's widthOfString, from a cache shared by all documents. */
  widthOf(text: string, weight: Weight, size: number): number {
    const font = this.fonts[weight];
    return (font.advanceOf(text) * size) / font.unitsPerEm;
  }

  /** The size (between minSize and size) and text (ellipsised if need be) that fit `width`. */
  fit(raw: string, o: DrawOptions): Line {
    const weight = o.weight ?? 'regular';
    const text = this.clean(raw, weight);
    const minSize = Math.min(o.minSize ?? o.size, o.size);
    const natural = this.widthOf(text, weight, o.size);
    if (natural <= o.width) return { text, size: o.size };
    const size = Math.max(minSize, Math.floor((o.size * o.width * 4) / natural) / 4);
    if (this.widthOf(text, weight, size) <= o.width) return { text, size };
    return { text: this.cut(text, weight, size, o.width), size };
  }

  /**
   * The longest prefix of `text` that fits `width` with an ellipsis. Summed glyph
   * advances (no kerning) give the cut point; real shaping then only confirms it, so a
   * long line costs two or three layouts rather than a binary search of them.
   */
  private cut(text: string, weight: Weight, size: number, width: number): string {
    const chars = Array.from(text);
    const font = this.fonts[weight];
    const scale = size / font.unitsPerEm;
    let budget = width - this.widthOf(ELLIPSIS, weight, size);
    let n = 0;
    while (n < chars.length) {
      budget -= font.glyphForCodePoint(chars[n]?.codePointAt(0) ?? 0x3f).advanceWidth * scale;
      if (budget < 0) break;
      n++;
    }
    for (n = Math.min(n + 1, chars.length); n > 0; n--) {
      const candidate = chars.slice(0, n).join('').trimEnd() + ELLIPSIS;
      if (this.widthOf(candidate, weight, size) <= width) return candidate;
    }
    return '';
  }

  /**
   * Word-wraps into at most `maxLines` lines of `width`; the last line is ellipsised when
   * text remains. A word longer than a line is broken between characters.
   */
  wrap(raw: string, o: DrawOptions & { maxLines: number }): string[] {
    const weight = o.weight ?? 'regular';
    const fits = (t: string) => this.widthOf(t, weight, o.size) <= o.width;
    const words = this.clean(raw, weight).split(' ').filter(Boolean);
    const lines: string[] = [];
    let i = 0;
    while (i < words.length && lines.length < o.maxLines) {
      let line = words[i] ?? '';
      if (!fits(line)) {
        if (lines.length === o.maxLines - 1) break;
        const chars = Array.from(line);
        let n = chars.length - 1;
        while (n > 1 && !fits(chars.slice(0, n).join(''))) n--;
        lines.push(chars.slice(0, n).join(''));
        words[i] = chars.slice(n).join('');
        continue;
      }
      for (i++; i < words.length && fits(`${line} ${words[i]}`); i++) line += ` ${words[i]}`;
      lines.push(line);
    }
    if (i < words.length) {
      const rest = words.slice(i);
      if (lines.length === o.maxLines) rest.unshift(lines.pop() ?? '');
      lines.push(this.fit(rest.join(' '), { ...o, minSize: o.size }).text);
    }
    return lines;
  }
}
