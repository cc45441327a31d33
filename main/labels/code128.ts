/**
 * Code 128 bar and space widths for printable ASCII, with the very codewords bwip-js
 * chooses (BWIPP's "legacy" encoder: subset B, C for runs of four or more digits), so a
 * label's bars are the same dots as before. bwip-js took ~0.1 ms a symbol, its
 * PostScript-shaped code kept the label workers' compiler busy, and a label has one
 * (docs/performance.md "Labels"); this takes a few microseconds. The test compares the
 * two on every kind of text.
 */

/** Widths of bar, space, bar… of each codeword, 0–106 (106 is the stop, with its final bar). */
const PATTERNS = `
212222 222122 222221 121223 121322 131222 122213 122312 132212 221213
221312 231212 112232 122132 122231 113222 123122 123221 223211 221132
221231 213212 223112 312131 311222 321122 321221 312212 322112 322211
212123 212321 232121 111323 131123 131321 112313 132113 132311 211313
231113 231311 112133 112331 132131 113123 113321 133121 313121 211331
231131 213113 213311 213131 311123 311321 331121 312113 312311 332111
314111 221411 431111 111224 111422 121124 121421 141122 141221 112214
112412 122114 122411 142112 142211 241211 221114 413111 241112 134111
111242 121142 121241 114212 124112 124211 411212 421112 421211 212141
214121 412121 111143 111341 131141 114113 114311 411113 411311 113141
114131 311141 411131 211412 211214 211232 2331112
`
  .trim()
  .split(/\s+/)
  .map((p) => Array.from(p, Number));

const SWITCH_C = 99;
const SWITCH_B = 100;
const START_B = 104;
const START_C = 105;
const STOP = 106;

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * The symbol's widths in modules (bar first, ending with the stop's bar), or null when
 * `text` is empty or holds anything but printable ASCII (0x20–0x7e).
 */
export function code128Widths(text: string): number[] | null {
  const n = text.length;
  if (n === 0) return null;
  /** Digits in a row from each position. */
  const digits = new Array<number>(n + 1).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return null;
    digits[i] = isDigit(c) ? digits[i + 1]! + 1 : 0;
  }
  // Printable ASCII is all in subset B, so BWIPP's rules for subset A never apply.
  let inC = (n === 2 && digits[0] === 2) || digits[0]! >= 4;
  const codewords = [inC ? START_C : START_B];
  let i = 0;
  while (i < n) {
    const run = digits[i]!;
    if (inC) {
      if (run < 2) {
        codewords.push(SWITCH_B);
        inC = false;
      } else {
        codewords.push((text.charCodeAt(i) - 48) * 10 + text.charCodeAt(i + 1) - 48);
        i += 2;
      }
      continue;
    }
    if (run >= 4) {
      // An even run goes to C at once; an odd one after its first digit, in B.
      if (run % 2 === 1) codewords.push(text.charCodeAt(i++) - 32);
      codewords.push(SWITCH_C);
      inC = true;
      continue;
    }
    codewords.push(text.charCodeAt(i++) - 32);
  }
  let check = codewords[0]!;
  for (let k = 1; k < codewords.length; k++) check += codewords[k]! * k;
  codewords.push(check % 103, STOP);
  const widths: number[] = [];
  for (const cw of codewords) for (const w of PATTERNS[cw]!) widths.push(w);
  return widths;
}
