/**
 * Finding shipments (CONTRACT §12): what a shipment can be found by, as index terms both
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
/** More words than this in a query add nothing a person types and cost a join each. */
const MAX_NAME_WORDS = 4;
const SHIPMENT_NUMBER = /^SS\d{8}$/;
const TRACKING_NUMBER = /^[A-Z]{2}\d{9}[A-Z]{2}$/;

const KIND = { name: 'n:', reference: 'r:', postCode: 'p:', email: 'e:' } as const;

/** Lower-case ASCII: accents and other scripts folded. */
export function fold(text: string): string {
  return anyAscii(text).toLowerCase();
}

/** The words of a name as they are indexed: each whole (punctuation dropped) and its parts. */
function nameWords(name: string): string[] {
  const words: string[] = [];
  for (const token of fold(name).split(/\s+/)) {
    const parts = token.split(/[^a-z0-9]+/).filter((p) => p !== '');
    if (parts.length === 0) continue;
    words.push(parts.join(''));
    if (parts.length > 1) words.push(...parts);
  }
  return words;
}

/** The words of a query, each to be found as the start of a word of the name. */
function queryWords(query: string): string[] {
  return fold(query)
    .split(/\s+/)
    .map((token) => token.replace(/[^a-z0-9]+/g, ''))
    .filter((w) => w !== '')
    .slice(0, MAX_NAME_WORDS);
}

export interface SearchableShipment {
  deliveryAddress: Pick<Address, 'fullName' | 'businessName' | 'postZipCode' | 'emailAddress'>;
  referenceOne: string;
  referenceTwo: string;
  referenceThree: string;
}

/**
 * The index terms of a shipment, each once. Shipment and tracking numbers are not among
 * them: both are already unique columns with an index of their own.
 */
export function shipmentSearchTerms(s: SearchableShipment): string[] {
  const terms = new Set<string>();
  const a = s.deliveryAddress;
  for (const word of [...nameWords(a.fullName), ...nameWords(a.businessName)]) terms.add(KIND.name + word);
  for (const reference of [s.referenceOne, s.referenceTwo, s.referenceThree]) {
    const folded = fold(reference.trim());
    if (folded !== '') terms.add(KIND.reference + folded);
  }
  const postCode = postCodeKey(a.postZipCode);
  if (postCode !== '') terms.add(KIND.postCode + postCode);
  const email = a.emailAddress.trim().toLowerCase();
  if (email !== '') terms.add(KIND.email + email);
  return [...terms];
}

/**
 * What a query looks for, each part null when the query cannot be one: a shipment matches
 * when any part matches. `exactTerms` are compared whole, `prefixTerms` as a prefix, and
 * every one of `nameWordPrefixes` must start a word of the delivery name.
 */
export interface ListSearch {
  shipmentNumber: string | null;
  trackingNumber: string | null;
  exactTerms: string[];
  prefixTerms: string[];
  nameWordPrefixes: string[];
}

/** The search for a query of at least MIN_SEARCH_LENGTH characters (the caller checks). */
export function listSearch(query: string): ListSearch {
  const trimmed = query.trim();
  // A scanned or copied number: case and spaces do not matter.
  const compact = trimmed.replace(/\s+/g, '').toUpperCase();
  const exactTerms = [KIND.postCode + postCodeKey(trimmed)];
  if (trimmed.includes('@')) exactTerms.push(KIND.email + trimmed.toLowerCase());
  const words = queryWords(trimmed);
  return {
    shipmentNumber: SHIPMENT_NUMBER.test(compact) ? compact : null,
    trackingNumber: TRACKING_NUMBER.test(compact) ? compact : null,
    exactTerms: [...new Set(exactTerms)],
    prefixTerms: [KIND.reference + fold(trimmed)],
    nameWordPrefixes: words.map((w) => KIND.name + w),
  };
}

/** The first string after every string that starts with `prefix` (terms are ASCII). */
export function prefixEnd(prefix: string): string {
  return prefix + '\u{ffff}';
}
