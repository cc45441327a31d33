/**
 * Field errors of a 400 problem, placed next to the fields they name. Member names are the
 * field's path in the request (`deliveryAddress.postZipCode`, `shipmentPieces[1].weight`);
 * members no field on screen carries go to the summary at the top, with the detail.
 */

/** A DOM id for a field path: `shipmentPieces[1].weight` → `field-shipmentPieces-1-weight`. */
export function fieldDomId(path: string): string {
  return `field-${path.replace(/[^A-Za-z0-9]+/g, '-').replace(/-+$/, '')}`;
}

export const errorDomId = (path: string): string => `${fieldDomId(path)}-error`;

export interface SplitErrors {
  /** Path → message, for fields on screen. */
  byField: Record<string, string>;
  /** Messages naming no field on screen, as `Delivery address › Post code: message`. */
  unmapped: string[];
  /** The request path of each of `unmapped`, in its order. */
  unmappedPaths: string[];
}

/**
 * Splits the problem's members between the fields on screen (in `onScreen`'s order) and the
 * summary. A member naming a whole group (`shipmentPieces[1]`, `collectionAddress`) goes to the first field under it.
 */
export function splitFieldErrors(fields: Readonly<Record<string, string>>, onScreen: readonly string[]): SplitErrors {
  const known = new Set(onScreen);
  const byField: Record<string, string> = {};
  const unmapped: string[] = [];
  const unmappedPaths: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const target = known.has(path)
      ? path
      : onScreen.find((candidate) => candidate.startsWith(`${path}.`) || candidate.startsWith(`${path}[`));
    if (target && !(target in byField)) byField[target] = message;
    else {
      unmapped.push(`${humanPath(path)}: ${message}`);
      unmappedPaths.push(path);
    }
  }
  // In the order of the screen, as the summary lists them and Tab reaches them.
  const order = new Map(onScreen.map((path, index) => [path, index]));
  const sorted = Object.keys(byField).sort((a, b) => order.get(a)! - order.get(b)!);
  return { byField: Object.fromEntries(sorted.map((path) => [path, byField[path]!])), unmapped, unmappedPaths };
}

const WORDS: Record<string, string> = {
  collectionAddress: 'Collection address',
  deliveryAddress: 'Delivery address',
  senderAddress: 'Sender address',
  shipmentPieces: 'Piece',
  carrierFeatures: 'Carrier feature',
  body: 'Request',
  businessName: 'Business name',
  fullName: 'Full name',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  addressLine3: 'Address line 3',
  city: 'City',
  county: 'County / state',
  postZipCode: 'Post code',
  countryTwoCharacterISOCode: 'Country',
  phoneNumber: 'Phone',
  emailAddress: 'Email',
  weight: 'weight',
  weightUnit: 'weight unit',
  length: 'length',
  width: 'width',
  height: 'height',
  dimensionUnit: 'dimension unit',
  description: 'description',
  carrierId: 'Carrier',
  carrierServiceId: 'Service',
  referenceOne: 'Reference 1',
  referenceTwo: 'Reference 2',
  referenceThree: 'Reference 3',
  cost: 'Cost',
  insuredValue: 'Insured value',
  currency: 'Currency',
  despatchDate: 'Despatch date',
  deliveryInstructions: 'Delivery instructions',
  goodsDescription: 'Goods description',
  hsCode: 'HS code',
  descriptionOfGoods: 'Description of goods',
  contentsType: 'Contents type',
};

/** `shipmentPieces[1].weight` → `Piece 2 weight`; `deliveryAddress.postZipCode` → `Delivery address › Post code`. */
export function humanPath(path: string): string {
  const parts = path.split('.').map((part) => {
    const match = /^(\w+)((?:\[\d+\])*)$/.exec(part);
    if (!match) return part;
    const indexes = [...(match[2] ?? '').matchAll(/\[(\d+)\]/g)].map((m) => String(Number(m[1]) + 1));
    return [WORDS[match[1]!] ?? match[1]!, ...indexes].join(' ');
  });
  // A piece's field reads as one phrase: "Piece 2 weight".
  return parts.reduce(
    (text, part, i) => (i === 0 ? part : /^Piece \d+$/.test(parts[i - 1]!) ? `${text} ${part}` : `${text} › ${part}`),
    '',
  );
}

/**
 * Server sentences often start lower-case ("must be greater than 0"): start them as a
 * sentence, unless the first word is a name (`fullName or businessName is required`).
 */
export function asSentence(message: string): string {
  const first = message.split(' ', 1)[0] ?? '';
  return /^[a-z]+$/.test(first) ? message[0]!.toUpperCase() + message.slice(1) : message;
}
