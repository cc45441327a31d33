/**
 * A smaller database (at most 2 KB a shipment): addresses stored as JSON arrays
 * rather than objects (see address-codec.ts), and tracking events indexed by shipment
 * alone, since a shipment's handful of events is sorted in no time. Rewrites every
 * shipment once: about half a minute at 1,000,000 shipments.
 */

// The field order of address-codec.ts as it was when this shipped; written out here, since a
// shipped migration must not change when the codec does.
const FIELDS = [
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
];
const toArray = (column: string) =>
  `json_array(${FIELDS.map((f) => `coalesce(json_extract(${column}, '$.${f}'), '')`).join(', ')})`;

export default /* sql */ `
UPDATE shipments SET
  collection_address = ${toArray('collection_address')},
  delivery_address = ${toArray('delivery_address')}
WHERE json_type(collection_address) = 'object' OR json_type(delivery_address) = 'object';

DROP INDEX tracking_events_by_shipment;
CREATE INDEX tracking_events_by_shipment ON tracking_events (shipment_id);
`;
