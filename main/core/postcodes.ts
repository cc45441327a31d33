/**
 * Post codes: which countries use them, whether one is valid, and its canonical form
 * (`sw1a1aa` → `SW1A 1AA`). Validity comes from postcode-validator's per-country
 * patterns; the canonical spacing below is the national postal standard of each country
 * whose form is not already fixed by its pattern.
 */
import countries from './countries';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

export function usesPostCodes(country: string): boolean {
  return postcodeValidatorExistsForCountry(country);
}

/** Inserts a space before the last `tail` characters of a code written without spaces. */
const splitTail = (tail: number) => (compact: string) => `${compact.slice(0, -tail)} ${compact.slice(-tail)}`;

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

/** How a country's post codes look, for the message that refuses one. */
const POST_CODE_WORDS: Record<string, [adjective: string, hint: string]> = {
  GB: ['British', 'e.g. SW1A 1AA'],
  JE: ['Jersey', 'e.g. JE2 3AB'],
  GG: ['Guernsey', 'e.g. GY1 1AA'],
  IM: ['Isle of Man', 'e.g. IM1 1AA'],
  IE: ['Irish', 'an Eircode, e.g. D02 X285'],
  DE: ['German', '5 digits, e.g. 10115'],
  FR: ['French', '5 digits, e.g. 75001'],
  ES: ['Spanish', '5 digits, e.g. 28001'],
  IT: ['Italian', '5 digits, e.g. 00184'],
  PT: ['Portuguese', '7 digits, e.g. 1000-001'],
  NL: ['Dutch', '4 digits and 2 letters, e.g. 1012 AB'],
  BE: ['Belgian', '4 digits, e.g. 1000'],
  LU: ['Luxembourg', '4 digits, e.g. 1009'],
  AT: ['Austrian', '4 digits, e.g. 1010'],
  CH: ['Swiss', '4 digits, e.g. 8001'],
  DK: ['Danish', '4 digits, e.g. 1050'],
  NO: ['Norwegian', '4 digits, e.g. 0150'],
  SE: ['Swedish', '5 digits, e.g. 111 22'],
  FI: ['Finnish', '5 digits, e.g. 00100'],
  PL: ['Polish', '5 digits, e.g. 00-950'],
  CZ: ['Czech', '5 digits, e.g. 110 00'],
  US: ['US', 'a ZIP code: 5 digits or ZIP+4, e.g. 20500'],
  CA: ['Canadian', 'e.g. K1A 0B1'],
  AU: ['Australian', '4 digits, e.g. 2000'],
  JP: ['Japanese', '7 digits, e.g. 100-0001'],
  BR: ['Brazilian', '8 digits, e.g. 01310-100'],
};

/** "Post code 1234 is not a German post code (5 digits, e.g. 10115)". */
export function postCodeProblem(country: string, given: string): string {
  const words = Object.hasOwn(POST_CODE_WORDS, country) ? POST_CODE_WORDS[country] : undefined;
  return words
    ? `Post code ${given} is not a ${words[0]} post code (${words[1]})`
    : `Post code ${given} is not a post code of ${countries.getName(country, 'en') ?? country}`;
}
