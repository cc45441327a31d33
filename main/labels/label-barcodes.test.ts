import { create } from 'qrcode/lib/core/qrcode.js';
import { describe, expect, it } from 'vitest';
import { planQr } from './label-barcodes';

/** The symbol qrcode itself makes of `text`, with the label's options. */
const direct = (text: string) => {
  const { modules } = create(text, { errorCorrectionLevel: 'M', maskPattern: 1 });
  return { size: modules.size, modules: Array.from(modules.data) };
};
const planned = (text: string) => {
  const m = planQr(text)!;
  return { size: m.pixx, modules: Array.from(m.pixs) };
};

describe('planQr', () => {
  it("gives qrcode's own symbol for every payload, whether its segments were found before or not", () => {
    // Payloads sharing a pattern of digits, alphanumerics and other characters reuse one
    // split; each is checked the first time its pattern is seen and after.
    let seed = 31;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const classes = ['0123456789', 'ABCXYZ $%*+-./:', 'abcz|#?_=!~'];
    const patterns = Array.from({ length: 40 }, () =>
      Array.from({ length: 1 + Math.floor(next() * 70) }, () => Math.floor(next() * 3)),
    );
    const payloads = [
      'SX200000054GB|SS01000005|SW5 5AA',
      'SX200000068GB|SS01000006|M17 1HH',
      'JD014600006281234567|SS00000001|10115',
      // The same lengths and digits with other classes between them: each its own split.
      'sx200000054gb|ss01000005|sw5 5aa',
      'SX200000054GB SS01000005 SW5 5AA',
      '12200000054GB|SS01000005|SW5 5AA',
      ...Array.from({ length: 400 }, (_, i) =>
        patterns[i % patterns.length]!.map((c) => classes[c]![Math.floor(next() * classes[c]!.length)]).join(''),
      ),
    ];
    for (const text of [...payloads, ...payloads]) expect(planned(text), text).toEqual(direct(text));
  });

  it('encodes text beyond printable ASCII as qrcode does', () => {
    for (const text of ['Łódź|SS1', 'tab\there', 'Москва']) expect(planned(text)).toEqual(direct(text));
  });
});
