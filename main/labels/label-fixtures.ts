/**
 * Realistic label inputs for tests, previews and benchmarks. Tracking numbers carry
 * valid UPU S10 check digits.
 */
import { emptyAddress } from '../core/schemas';
import type { LabelData, LabelPiece } from '../core/label-data';

const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

/** A UPU S10 tracking number: prefix, 8-digit serial, check digit, country. */
export function s10(prefix: string, serial: number, country: string): string {
  const digits = String(serial).padStart(8, '0');
  const sum = S10_WEIGHTS.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const check = 11 - (sum % 11);
  return `${prefix}${digits}${check === 10 ? 0 : check === 11 ? 5 : check}${country}`;
}

export function piece(sequenceNumber: number, overrides: Partial<LabelPiece> = {}): LabelPiece {
  return {
    sequenceNumber,
    trackingNumber: s10('SX', 12345677 + sequenceNumber, 'GB'),
    weight: 2.5 * sequenceNumber,
    weightUnit: 'KG',
    length: 40,
    width: 30,
    height: 20 + sequenceNumber,
    dimensionUnit: 'CM',
    description: `Carton ${sequenceNumber}`,
    ...overrides,
  };
}

/** A domestic GB shipment of `pieces` pieces with every optional field filled in. */
export function sampleLabelData(pieces = 1): LabelData {
  return {
    shipmentNumber: 'SS00001042',
    despatchDate: '2026-11-21T09:30:00.000Z',
    carrier: { code: 'SX', name: 'Speedex Parcels' },
    service: { code: 'NDA', name: 'Next Day Delivery by 12:00' },
    features: ['Signature on delivery', 'Saturday delivery'],
    collectionAddress: {
      ...emptyAddress(),
      businessName: 'Northwind Traders Ltd',
      fullName: 'Dispatch Desk',
      phoneNumber: '+44 161 496 0000',
      addressLine1: 'Unit 4, Trafford Park Road',
      addressLine2: 'Trafford Park',
      city: 'Manchester',
      countryTwoCharacterISOCode: 'GB',
      postZipCode: 'M17 1HH',
    },
    deliveryAddress: {
      ...emptyAddress(),
      fullName: 'Eleanor Whitfield',
      businessName: 'Whitfield & Daughters',
      phoneNumber: '+44 20 7946 0018',
      addressLine1: 'Flat 3',
      addressLine2: '27 Marlborough Gardens',
      addressLine3: 'Kensington',
      county: 'Greater London',
      city: 'London',
      countryTwoCharacterISOCode: 'GB',
      postZipCode: 'SW1A 1AA',
    },
    references: { one: 'PO-778812', two: '', three: 'ORDER 55120' },
    deliveryInstructions: 'Leave with the concierge if there is no answer.',
    hsCode: '',
    descriptionOfGoods: '',
    pieces: Array.from({ length: pieces }, (_, i) => piece(i + 1)),
  };
}

/** International, Cyrillic delivery address, every field at its maximum length. */
export function longCyrillicLabelData(pieces = 3): LabelData {
  const base = sampleLabelData(pieces);
  return {
    ...base,
    service: { code: 'INTX', name: 'International Express Economy Plus (DDP)' },
    features: ['Signature on delivery', 'Proof of age 18+', 'Insurance £5,000', 'Fragile'],
    deliveryAddress: {
      ...emptyAddress(),
      fullName: 'Александра Константиновна Вишнев',
      businessName: 'ООО «Северо-Западная Логистика»',
      addressLine1: 'улица Большая Садовая, дом 302-бис',
      addressLine2: 'подъезд 4, этаж 11, квартира 1178',
      addressLine3: 'Бизнес-центр «Патриаршие пруды»',
      county: 'Московская область',
      city: 'Москва',
      countryTwoCharacterISOCode: 'RU',
      postZipCode: '123001',
    },
    references: {
      one: 'PURCHASE-ORDER-2026-11-000778812',
      two: 'Заказ № 55120 / склад 3',
      three: 'RMA-0000-1111-2222-3333-4444-55',
    },
    deliveryInstructions:
      'Please call the recipient thirty minutes before arrival; the loading bay is at the ' +
      'rear of the building, entrance from Ермолаевский переулок, gate code 4471.',
    hsCode: '6109100010',
    descriptionOfGoods: "Men's knitted cotton T-shirts, printed, assorted sizes, 120 pieces in 3 cartons",
  };
}
