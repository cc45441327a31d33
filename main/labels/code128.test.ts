// The explicit node entry: the bare specifier's export map has no condition that
// TypeScript's Bundler resolution would pick reliably.
import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { code128Widths } from './code128';

/** The widths bwip-js gives `text`: what the station drew before, so the label's bars must not move. */
const bwip = (text: string) => (bwipjs.raw({ bcid: 'code128', text }) as { sbs: number[] }[])[0]!.sbs;

describe('code128Widths', () => {
  it("gives bwip-js's own symbol for every kind of printable text", () => {
    let seed = 128;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
    const pick = (chars: string) => chars[Math.floor(next() * chars.length)]!;
    const texts = [
      // Tracking and shipment numbers as carriers and the station make them.
      'SX200000054GB',
      'JD014600006281234567',
      '1Z999AA10123456784',
      'SS01000005',
      '00340434161234567890',
      // Every string of up to five characters over digits, a capital, a small letter and a space:
      // each place where BWIPP's rules switch subsets, or start in C, at an edge.
      ...(function* all(prefix: string): Generator<string> {
        if (prefix) yield prefix;
        if (prefix.length < 5) for (const c of '07Aa ') yield* all(prefix + c);
      })(''),
      // Runs of digits of every length between other characters, and random printable text.
      ...Array.from({ length: 600 }, () =>
        Array.from({ length: 1 + Math.floor(next() * 30) }, () =>
          next() < 0.6 ? '0123456789'.slice(0, 1 + Math.floor(next() * 10)) : pick(printable),
        ).join(''),
      ),
      ...Array.from({ length: 300 }, () =>
        Array.from({ length: 1 + Math.floor(next() * 40) }, () => pick(printable)).join(''),
      ),
    ];
    for (const text of texts) expect(code128Widths(text), text).toEqual(bwip(text));
  });

  it('draws nothing for empty text or text beyond printable ASCII', () => {
    expect(code128Widths('')).toBeNull();
    expect(code128Widths('AB\tC')).toBeNull();
    expect(code128Widths('Zoë')).toBeNull();
  });
});
