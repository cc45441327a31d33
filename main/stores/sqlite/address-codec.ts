/**
 * How an address is stored: a JSON array of its fields in a fixed order, not a JSON
 * object. The eleven key names cost ~160 bytes per address, two addresses per shipment:
 * an eighth of the database (migration 0003).
 */
import type { Address } from '../../core/schemas';

export const ADDRESS_FIELDS = [
  'businessName',
  'fullName',
  'phoneNumber',
  'emailAddress',
  'addressLine1',
  'addressLine2',
  'addressLine3',
  'county',
  'city',
  'countryTwoCharacterISOCode',
  'postZipCode',
] as const satisfies readonly (keyof Address)[];

// Fails to compile when Address gains a field this list does not store.
type Unstored = Exclude<keyof Address, (typeof ADDRESS_FIELDS)[number]>;
const everyFieldStored: [Unstored] extends [never] ? true : never = true;
void everyFieldStored;

export function encodeAddress(address: Address): string {
  return JSON.stringify(ADDRESS_FIELDS.map((field) => address[field]));
}

export function decodeAddress(stored: string): Address {
  const values = JSON.parse(stored) as string[];
  return Object.fromEntries(ADDRESS_FIELDS.map((field, i) => [field, values[i] ?? ''])) as unknown as Address;
}

const OBJECT_KEYS = ADDRESS_FIELDS.map((field, i) => `${i === 0 ? '{' : ','}${JSON.stringify(field)}:`);

/**
 * The stored array as the JSON text of its Address object (what decodeAddress then
 * JSON.stringify give), written directly: a bulk copy does this for millions of addresses.
 */
export function addressObjectJson(stored: string): string {
  const values = JSON.parse(stored) as unknown[];
  let json = '';
  for (let i = 0; i < OBJECT_KEYS.length; i++) json += OBJECT_KEYS[i]! + JSON.stringify(values[i] ?? '');
  return json + '}';
}
