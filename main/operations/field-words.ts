/**
 * The words an operator reads for a field: a 400's messages start with them ("Weight must
 * be more than 0 kg"), while the member names stay the field paths (docs/contract.md §2).
 */

const LABELS: Record<string, string> = {
  // create
  despatchDate: 'Despatch date',
  goodsDescription: 'Goods description',
  deliveryInstructions: 'Delivery instructions',
  carrierId: 'Carrier',
  carrierServiceId: 'Service',
  carrierFeatures: 'Features',
  hsCode: 'HS code',
  descriptionOfGoods: 'Description of goods',
  collectionAddress: 'Collection address',
  deliveryAddress: 'Delivery address',
  senderAddress: 'Sender address',
  referenceOne: 'Reference 1',
  referenceTwo: 'Reference 2',
  referenceThree: 'Reference 3',
  cost: 'Cost',
  insuredValue: 'Insured value',
  currency: 'Currency',
  shipmentPieces: 'Pieces',
  description: 'Description',
  weight: 'Weight',
  weightUnit: 'Weight unit',
  length: 'Length',
  width: 'Width',
  height: 'Height',
  dimensionUnit: 'Dimension unit',
  customsItems: 'Customs items',
  contentsType: 'Contents type',
  quantity: 'Quantity',
  unitValue: 'Unit value',
  netWeight: 'Net weight',
  originCountry: 'Country of origin',
  // addresses
  businessName: 'Business name',
  fullName: 'Full name',
  phoneNumber: 'Phone',
  emailAddress: 'Email',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  addressLine3: 'Address line 3',
  county: 'County / state',
  city: 'City',
  countryTwoCharacterISOCode: 'Country',
  postZipCode: 'Post code',
  eoriNumber: 'EORI number',
  vatNumber: 'VAT number',
  iossNumber: 'IOSS number',
  // labels on office paper
  sheet: 'Sheet',
  // carrier events
  status: 'Status',
  location: 'Location',
  signatory: 'Signatory',
  signatoryFileName: 'Signature file name',
  geoLocationLatitude: 'Latitude',
  geoLocationLongitude: 'Longitude',
  carrierDepotId: 'Depot id',
  trackingNumber: 'Tracking number',
  occurredOn: 'Time of the scan',
  // users, keys, settings
  username: 'User name',
  password: 'Password',
  role: 'Role',
  disabled: 'Disabled',
  name: 'Name',
  labelSize: 'Label size',
  cn22MaxValue: 'CN22 limit',
  apiKey: 'API key',
  credentials: 'Credentials',
  refreshToken: 'Refresh token',
  'idempotency-key': 'The Idempotency-Key header',
  // the scale
  port: 'Port',
  protocol: 'Protocol',
  baudRate: 'Baud rate',
  dataBits: 'Data bits',
  parity: 'Parity',
  stopBits: 'Stop bits',
};

/** Where leaving a field out has a plainer instruction than "is required". */
export const REQUIRED_WORDS: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, {
  carrierId: 'Choose a carrier',
  carrierServiceId: 'Choose a service',
  shipmentPieces: 'Add at least one piece',
  weight: 'Enter the weight',
  length: 'Enter the length',
  width: 'Enter the width',
  height: 'Enter the height',
  status: 'Choose a status',
  option: 'Say how to sign in: add ?option=apikey, ?option=credentials or ?option=refresh to the address',
  username: 'Enter a user name',
  password: 'Enter a password',
});

/** Where a field of the wrong type is best answered with the shape it takes, by its path. */
export const SHAPE_WORDS: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, {
  apiKey: 'API key must be sent inside an object: {"apiKey": {"apiKey": "ssk_…"}}',
  credentials: 'Credentials must be an object: {"credentials": {"username": "…", "password": "…"}}',
});

export const MIN_ITEMS_WORDS: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, {
  shipmentPieces: 'Add at least one piece',
});

/** The last name of a path: `shipmentPieces[1].weight` → `weight`. */
export function leafName(path: string): string {
  const last = path.split('.').at(-1) ?? path;
  return last.replace(/(\[\d+\])+$/, '');
}

/**
 * `shipmentPieces[1].weight` → `Weight`, `carrierFeatures[0]` → `Features`; a name with no
 * label (a query parameter such as `ItemsPerPage`) is shown as it is written.
 */
export function fieldLabel(path: string): string {
  const leaf = leafName(path);
  if (leaf === '' || leaf === 'body') return 'The request';
  return Object.hasOwn(LABELS, leaf) ? LABELS[leaf]! : leaf;
}
