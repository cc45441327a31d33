/**
 * Post codes: which countries use them, whether one is valid, and its canonical form
 * (`sw1a1aa` → `SW1A 1AA`). Validity comes from postcode-validator's per-country
 * patterns; the canonical spacing below is the national postal standard of each country
 * whose form is not already fixed by its pattern.
 */
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

export function usesPostCodes(country: string): boolean {
  return postcodeValidatorExistsForCountry(country);
}

/** Inserts a space before the last `tail` characters of a code written without spaces. */
const splitTail = (tail: number) => (compact: string) =>
  `${compact.slice(0, -tail)} ${compact.slice(-tail)}`;

const CANONICAL: Record<string, (compact: string) => string> = {
  GB: splitTail(3),
  JE: splitTail(3),
  GG: splitTail(3),
  IM: splitTail(3),
  CA: splitTail(3),
  IE: splitTail(4),
  NL: splitTail(2),
  SE: splitTail(2),
  FR: (c) => c,
  US: (c) => (c.length === 9 ? `${c.slice(0, 5)}-${c.slice(5)}` : c),
  BR: (c) => (c.length === 8 ? `${c.slice(0, 5)}-${c.slice(5)}` : c),
  JP: (c) => (c.length === 7 ? `${c.slice(0, 3)}-${c.slice(3)}` : c),
  PL: (c) => (c.length === 5 ? `${c.slice(0, 2)}-${c.slice(2)}` : c),
};

/**
 * The canonical form of a post code for a country, or null when it is not a valid code
 * there. Countries without a known pattern get the trimmed, upper-cased text back.
 */
export function canonicalPostCode(country: string, raw: string): string | null {
  const upper = raw.trim().toUpperCase().replace(/\s+/g, ' ');
  if (!usesPostCodes(country)) return upper;
  const compact = upper.replace(/[\s-]/g, '');
  const canonical = (CANONICAL[country] ?? ((c: string) => c))(compact);
  for (const candidate of [canonical, upper, compact]) {
    if (postcodeValidator(candidate, country)) {
      return CANONICAL[country] ? canonical : candidate;
    }
  }
  return null;
}

/** How post codes are compared in the public tracking view: ignoring case and spaces. */
export function postCodeKey(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}
