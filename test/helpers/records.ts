/**
 * Records for the storage contract, without vitest: the store tests and the bench both build
 * their shipments from these (the bench cannot import helpers that import vitest).
 */
import { randomUUID } from 'node:crypto';
import type { Address, ShipmentStatus } from '../../main/core/schemas';
import type { CatalogRecords, NewShipment, PieceRecord } from '../../main/core/storage';

/** The carrier statuses in the contract's order (docs/contract.md §8), written out as a test expects them. */
export const CARRIER_STATUSES: ShipmentStatus[] = [
  'Awaiting Collection',
  'Enroute to Depot',
  'At the Depot',
  'On Vehicle For Delivery',
  'Unknown',
  'On Hold',
  'Not Scanned',
  'Failed',
];

/** Swift Parcels (SP…GB tracking numbers), its Next Day service (101) and a Signature feature (1001). */
export const TEST_CATALOG: CatalogRecords = {
  carriers: [{ id: 1, code: 'SWIFT', name: 'Swift Parcels', trackingPrefix: 'SP' }],
  services: [
    {
      id: 101,
      carrierId: 1,
      systemName: 'next-day',
      name: 'Next Day',
      uniqueIdentifier: '6f1c2a4e-0000-4000-8000-000000000101',
      serviceCode: 'ND',
      maxWeightKg: 30,
      maxLengthCm: 150,
      scope: 'both',
      isReturn: false,
    },
  ],
  features: [{ id: 1001, carrierId: 1, name: 'Signature', code: 'SIG' }],
};

/** A GB address at 1 Dock Road, Leeds (LS1 1UR) for `fullName`; `overrides` change any part. */
export const leedsAddress = (fullName: string, overrides: Partial<Address> = {}): Address => ({
  businessName: '',
  fullName,
  phoneNumber: '',
  emailAddress: '',
  addressLine1: '1 Dock Road',
  addressLine2: '',
  addressLine3: '',
  county: '',
  city: 'Leeds',
  countryTwoCharacterISOCode: 'GB',
  postZipCode: 'LS1 1UR',
  ...overrides,
});

/** The same street in Łódź (90-001, PL): a city and names beyond ASCII. */
export const lodzAddress = (fullName: string, overrides: Partial<Address> = {}): Address =>
  leedsAddress(fullName, { city: 'Łódź', countryTwoCharacterISOCode: 'PL', postZipCode: '90-001', ...overrides });

/** A Not Printed one-piece shipment on Next Day, numbered `serial`, made at `at`. */
export function newShipmentRecord(serial: number, at: number, overrides: Partial<NewShipment> = {}): NewShipment {
  const address = leedsAddress('Sam');
  return {
    uuid: randomUUID(),
    shipmentNumber: `SS${String(serial).padStart(8, '0')}`,
    createdOn: at,
    despatchDate: at,
    carrierId: 1,
    carrierServiceId: 101,
    features: [],
    collectionAddress: address,
    deliveryAddress: address,
    shipper: 'Sam',
    deliveryLine: 'Sam',
    deliveryPostcodeKey: 'LS11UR',
    goodsDescription: '',
    deliveryInstructions: '',
    hsCode: '',
    descriptionOfGoods: '',
    referenceOne: '',
    referenceTwo: '',
    referenceThree: '',
    costMinor: 0,
    insuredMinor: 0,
    currency: 'GBP',
    pieceCount: 1,
    totalWeight: 1,
    weightUnit: 'KG',
    status: 'Not Printed',
    statusDescription: 'Shipment created',
    statusOn: at,
    statusLocation: '',
    statusSignatory: '',
    createdBy: null,
    returnOf: null,
    ...overrides,
  };
}

/**
 * A Not Printed shipment of books from Zoë Sender to Łukasz Odbiorca in Łódź, numbered and
 * referenced (PO-…) by `serial`, made at `at`: two pieces, GBP 12.50, its letters beyond ASCII.
 */
export const lodzShipmentRecord = (serial: number, at: number, overrides: Partial<NewShipment> = {}): NewShipment =>
  newShipmentRecord(serial, at, {
    collectionAddress: lodzAddress('Zoë Sender'),
    deliveryAddress: lodzAddress('Łukasz Odbiorca'),
    shipper: 'Zoë Sender',
    deliveryLine: 'Łukasz Odbiorca, 1 Dock Road',
    deliveryPostcodeKey: '90001',
    goodsDescription: 'Books',
    referenceOne: `PO-${serial}`,
    costMinor: 1250,
    pieceCount: 2,
    ...overrides,
  });

/** The one piece of shipment `serial`: 1 kg, tracking number SP{serial}0GB. */
export const onePiece = (serial: number, trackingNumber = `SP${String(serial).padStart(8, '0')}0GB`): PieceRecord => ({
  sequenceNumber: 1,
  description: '',
  weight: 1,
  weightUnit: 'KG',
  length: 1,
  width: 1,
  height: 1,
  dimensionUnit: 'CM',
  trackingNumber,
});
