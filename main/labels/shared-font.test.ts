import { describe, expect, it } from 'vitest';
import { loadLabelFonts } from './label-fonts';

interface Run {
  glyphs: { id: number; codePoints: number[] }[];
  positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[];
  advanceWidth: number;
}
const fonts = loadLabelFonts();
const view = (r: Run) => ({
  glyphs: r.glyphs.map((g) => [g.id, ...g.codePoints]),
  positions: r.positions.map((p) => [p.xAdvance, p.yAdvance, p.xOffset, p.yOffset]),
  advanceWidth: r.advanceWidth,
});

describe('the shared label font', () => {
  it.each(['regular', 'bold'] as const)(
    '%s: shapes words with digits exactly as fontkit shapes them whole',
    (weight) => {
      const font = fonts[weight] as unknown as { layout(text: string): Run };
      const whole = (text: string) => (Object.getPrototypeOf(font) as typeof font).layout.call(font, text);
      const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
      const words: string[] = [];
      // Every digit beside every printable character, on either side.
      for (const d of '0123456789') for (const c of ascii) words.push(`${c}${d}`, `${d}${c}`, `${c}${d}${c}`);
      let seed = 11;
      const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
      const mixed = 'ffiflTAVWYPLO.,-/:0123456789 ';
      for (let i = 0; i < 3000; i++)
        words.push(
          Array.from({ length: 1 + Math.floor(next() * 16) }, () => mixed[Math.floor(next() * mixed.length)]).join(''),
        );
      words.push('SS00000501', 'PO-946663', 'SX 2000 0005 4 GB', '14.66 ', 'M17 1HH', 'Tel. +44 20 7946 0018');
      for (const text of words) expect(view(font.layout(text)), text).toEqual(view(whole(text)));
    },
  );
});
