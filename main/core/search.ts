/**
 * Finding shipments (docs/contract.md §12): what a shipment can be found by, as index terms both
 * stores keep in a table of their own, and what a typed or scanned query looks for.
 *
 * Terms are plain ASCII, folded by `any-ascii` (Unicode normalisation alone leaves `Ł`
 * as it is): `lodz` finds `Łódź`. Each term starts with its kind, so that one index
 * answers every kind and a prefix of one kind never runs into another.
 */
import anyAscii from 'any-ascii';
import type { Address } from './schemas';
import { postCodeKey } from './postcodes';

export const MIN_SEARCH_LENGTH = 2;
const SHIPMENT_NUMBER = /^SS\d{8}$/;
const TRACKING_NUMBER = /^[A-Z]{2}\d{9}[A-Z]{2}$/;

const KIND = { name: 'n:', pair: 'm:', reference: 'r:', postCode: 'p:', district: 'd:', email: 'e:' } as const;
/** Where a correction term starts (see corrections()); it sorts after every kind above. */
export const CORRECTION = 'x';
/** Pairs are made from a name's first words only: a long business name would make dozens. */
const PAIR_WORDS = 8;

/** Lower-case ASCII: accents and other scripts folded. */
export function fold(text: string): string {
  return anyAscii(text).toLowerCase();
}

/** A name's words, folded, punctuation splitting them (`O'Brien-Smith` → o, brien, smith). */
export function words(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/**
 * Each word written with punctuation, also whole (`O'Brien-Smith` → obriensmith), so that
 * `obrien` finds it as `o brien` does. The address book folds its search text with it too.
 */
export function joinedWords(text: string): string[] {
  return fold(text)
    .split(/\s+/)
    .map((token) => words(token))
    .filter((parts) => parts.length > 1)
    .map((parts) => parts.join(''));
}

/**
 * A name's index terms: every run of its words from one word to the end ("anna maria
 * smith", "maria smith", "smith"), so that a query of one or more words in the name's
 * order is one prefix range of one index, however common each word is alone; and each
 * word written with punctuation also whole ("obriensmith").
 */
function nameTerms(name: string): string[] {
  const all = words(name);
  return [...all.map((_, i) => all.slice(i).join(' ')), ...joinedWords(name)];
}

/**
 * Every ordered pair of a name's words ("anna smith", "smith anna"), so that a query of
 * several words in any order is one prefix range of one index: each word must be in the
 * name, the last one as a prefix.
 */
function pairTerms(name: string): string[] {
  const all = words(name).slice(0, PAIR_WORDS);
  return all.flatMap((a, i) => all.flatMap((b, j) => (i === j ? [] : [`${a} ${b}`])));
}

/**
 * Exact totals without counting each shipment apart: a query's prefix range may hold two of
 * one shipment's terms ("n:smith" and "n:smith tools"). Sorted, the terms of a shipment that
 * start with a prefix are consecutive, so the shipment's extra hits are the consecutive
 * pairs whose common prefix starts with it. One correction term per such pair (the common
 * prefix after CORRECTION, then \x01 and a number to keep them apart): a range's distinct
 * shipments are its terms minus the corrections in the same range under CORRECTION.
 */
function corrections(terms: string[]): string[] {
  const sorted = [...terms].sort();
  const out: string[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    let n = 0;
    while (n < a.length && a[n] === b[n]) n++;
    // Only a prefix some query can be: its kind and two characters, and a pair's second word begun.
    const common = a.slice(0, n);
    if (n >= 4 && (!common.startsWith(KIND.pair) || / ./.test(common))) out.push(`${CORRECTION}${common}\x01${i}`);
  }
  return out;
}

/**
 * A post code's outward part, the district it is sorted to (`LS1` of `LS1 1UR`, `SW1A` of
 * `SW1A 1AA`, `K1A` of `K1A 0B1`): the part before the space of a code written in two parts,
 * as creates store them; '' for a code of one part (`75001`, `90-001`).
 */
export function outwardCode(postZipCode: string): string {
  const parts = postZipCode.trim().toUpperCase().split(/\s+/);
  return parts.length === 2 && /^[A-Z0-9]{2,4}$/.test(parts[0]!) ? parts[0]! : '';
}

/** The term that finds a shipment by its post code's outward part, or null when it has none. */
export function districtTerm(postZipCode: string): string | null {
  const outward = outwardCode(postZipCode);
  return outward === '' ? null : KIND.district + outward;
}

/** The term that finds a shipment by one of its references, or null for an empty one. */
export function referenceTerm(reference: string): string | null {
  const folded = fold(reference.trim());
  return folded === '' ? null : KIND.reference + folded;
}

export interface SearchableShipment {
  deliveryAddress: Pick<Address, 'fullName' | 'businessName' | 'postZipCode' | 'emailAddress'>;
  referenceOne: string;
  referenceTwo: string;
  referenceThree: string;
}

/**
 * The index terms of a shipment, each once. Shipment and tracking numbers are not among
 * them: both are already unique columns with an index of their own. A status change finds a
 * shipment's rows by these terms computed again, so whatever changes them for a stored
 * shipment (this code, any-ascii's folding) must come with a migration that rewrites the terms.
 */
export function shipmentSearchTerms(s: SearchableShipment): string[] {
  const terms = new Set<string>();
  const a = s.deliveryAddress;
  for (const term of [...nameTerms(a.fullName), ...nameTerms(a.businessName)]) terms.add(KIND.name + term);
  for (const term of [...pairTerms(a.fullName), ...pairTerms(a.businessName)]) terms.add(KIND.pair + term);
  for (const reference of [s.referenceOne, s.referenceTwo, s.referenceThree]) {
    const term = referenceTerm(reference);
    if (term !== null) terms.add(term);
  }
  const postCode = postCodeKey(a.postZipCode);
  if (postCode !== '') terms.add(KIND.postCode + postCode);
  const district = districtTerm(a.postZipCode);
  if (district !== null) terms.add(district);
  const email = a.emailAddress.trim().toLowerCase();
  if (email !== '') terms.add(KIND.email + email);
  return [...terms, ...corrections([...terms])];
}

/**
 * What a query looks for, each part null when the query cannot be one: a shipment matches
 * when any part matches. `exactTerms` are compared whole, `prefixTerms` as a prefix (a
 * reference; a word of the delivery name; two words of it in any order, the last one a
 * prefix; a post code's outward part and the start of its inward part, `SW1A 1`); a
 * shipment matches `allPrefixes` (three words or more) when it matches each.
 */
export interface ListSearch {
  shipmentNumber: string | null;
  trackingNumber: string | null;
  exactTerms: string[];
  prefixTerms: string[];
  allPrefixes: string[];
}

/** The search for a query of at least MIN_SEARCH_LENGTH characters (the caller checks). */
export function listSearch(query: string): ListSearch {
  const trimmed = query.trim();
  // A scanned or copied number: case and spaces do not matter.
  const compact = trimmed.replace(/\s+/g, '').toUpperCase();
  const exactTerms = [KIND.postCode + postCodeKey(trimmed)];
  if (trimmed.includes('@')) exactTerms.push(KIND.email + trimmed.toLowerCase());
  // A post code's outward part alone (`LS1`, `SW1A`): its district, not every code it starts
  // (`LS1` is not `LS12`). Outward parts have a digit; a word of a name seldom does.
  const upper = trimmed.toUpperCase();
  if (/^[A-Z0-9]{2,4}$/.test(upper) && /\d/.test(upper)) exactTerms.push(KIND.district + upper);
  // Two characters at least, as the query (and as the correction terms assume).
  const reference = fold(trimmed);
  const prefixTerms = reference.length >= MIN_SEARCH_LENGTH ? [KIND.reference + reference] : [];
  // Words in any order: each whole word with the last (a prefix) is one pair range.
  const nameWords = words(trimmed);
  const last = nameWords.at(-1);
  const pairs = nameWords.slice(0, -1).map((w) => `${KIND.pair}${w} ${last}`);
  if (nameWords.length === 1 && last!.length >= MIN_SEARCH_LENGTH) prefixTerms.push(KIND.name + last);
  if (nameWords.length === 2) prefixTerms.push(pairs[0]!);
  // The outward part and the start of the inward part (`SW1A 1`, `LS1 1U`): the codes that begin so.
  if (/^[A-Z0-9]{2,4} [0-9][A-Z]?$/.test(upper.replace(/\s+/g, ' ')) && /\d/.test(upper.split(/\s/)[0]!))
    prefixTerms.push(KIND.postCode + postCodeKey(trimmed));
  return {
    shipmentNumber: SHIPMENT_NUMBER.test(compact) ? compact : null,
    trackingNumber: TRACKING_NUMBER.test(compact) ? compact : null,
    exactTerms: [...new Set(exactTerms)],
    prefixTerms,
    allPrefixes: nameWords.length > 2 ? [...new Set(pairs)] : [],
  };
}

/** The first string after every string that starts with `prefix` (terms are ASCII). */
export function prefixEnd(prefix: string): string {
  return prefix + '\u{ffff}';
}
