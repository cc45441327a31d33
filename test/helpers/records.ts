/**
 * Records for the storage contract, without vitest: the store tests and the bench both build
 * their shipments from these (the bench cannot import helpers that import vitest).
 */
import { randomUUID } from 'node:crypto';
import type { Address } from '../../main/core/schemas';
import type { CatalogRecords, NewShipment, PieceRecord } from '../../main/core/storage';

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

/** A GB address in Leeds (LS1 1UR) for `fullName`. */
export const leedsAddress = (fullName: string): Address => ({
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
});

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
