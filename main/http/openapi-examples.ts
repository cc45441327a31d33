/**
 * Request and response examples for the OpenAPI document. The linter checks each against
 * its operation's schema (test/api/openapi.test.ts), so they cannot drift from the shapes.
 */
import type { OperationName } from '../operations/spec';

interface OperationExample {
  request?: unknown;
  response?: unknown;
  /** The 400 body, less its `instance` (the path). */
  validationProblem?: Record<string, unknown>;
}

const TOKEN = { accessToken: 'Zt3c9yqJ1Kq0m1oYb2vR5wS8xA4dE7fG0hI3jL6nP9s', expires: '2026-11-21T10:30:00.000Z' };
const SHIPMENT_ID = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';
/** The first bytes of a PDF in base 64: an example, not a whole label. */
const PDF = 'JVBERi0xLjMKJf////8KNyAwIG9iago8PAovVHlwZSAvUGFnZQo+PgplbmRvYmoK';

const collectionAddress = {
  businessName: 'Acme Ltd',
  addressLine1: '1 Dock Road',
  city: 'London',
  countryTwoCharacterISOCode: 'GB',
  postZipCode: 'SW1A 1AA',
};
const deliveryAddress = {
  fullName: 'Sam Receiver',
  addressLine1: '22 High Street',
  city: 'Leeds',
  countryTwoCharacterISOCode: 'GB',
  postZipCode: 'LS1 1UR',
};

const trackingEvent = (status: string, occurredOn: string, description: string) => ({
  signatoryFileName: '',
  location: '',
  signatory: '',
  geoLocationLongitude: null,
  geoLocationLatitude: null,
  carrierDepotId: null,
  user: 'warehouse',
  trackingNumber: 'RM00000013GB',
  description,
  status,
  occurredOn,
});
const tracking = {
  shipmentNumber: 'SS00000042',
  lastStatus: trackingEvent('Printed', '2026-11-21T09:31:12.000Z', 'Label printed'),
  trackingHistory: [
    trackingEvent('Not Printed', '2026-11-21T09:30:00.000Z', 'Shipment created'),
    trackingEvent('Printed', '2026-11-21T09:31:12.000Z', 'Label printed'),
  ],
};

export const OPERATION_EXAMPLES: Partial<Record<OperationName, OperationExample>> = {
  signIn: {
    request: { apiKey: { apiKey: 'ssk_3q2-7wEvR2YbQk8aS1xJ0mHc5uNf9LdTzGp4oKi6VeB' } },
    response: { token: TOKEN, refreshToken: { ...TOKEN, expires: '2026-12-21T09:30:00.000Z' }, errorMessage: null },
  },
  createShipment: {
    request: {
      carrierId: 1,
      carrierServiceId: 101,
      carrierFeatures: [1001],
      referenceOne: 'ORDER-1001',
      collectionAddress,
      deliveryAddress,
      shipmentPieces: [{ weight: 1.2, weightUnit: 'KG', length: 30, width: 20, height: 10, dimensionUnit: 'CM' }],
    },
    response: {
      success: true,
      shipmentId: SHIPMENT_ID,
      shipmentNumber: 'SS00000042',
      shipmentPieces: [{ sequenceNumber: 1, base64String: PDF, trackingNumber: 'RM00000013GB' }],
    },
    validationProblem: {
      type: '/problems/validation',
      title: 'The request is not valid',
      status: 400,
      detail: '2 fields are not valid.',
      'deliveryAddress.postZipCode': 'SW1A 9ZZZ is not a valid GB post code',
      'shipmentPieces[0].weight': 'must be greater than 0',
    },
  },
  listShipments: {
    response: {
      totalItems: 1,
      totalPieces: 1,
      items: [
        {
          id: 42,
          shipmentId: SHIPMENT_ID,
          shipmentNo: 'SS00000042',
          createdOn: '2026-11-21T09:30:00.000Z',
          shipping: '2026-11-21T09:30:00.000Z',
          shipper: 'Acme Ltd',
          reference: 'ORDER-1001',
          deliveryAddress: 'Sam Receiver, 22 High Street, Leeds, LS1 1UR, GB',
          carrier: 'Royal Mail',
          carrierService: 'Tracked 48',
          pieces: 1,
          weight: 1.2,
          weightMeasurement: 'KG',
          status: 'Printed',
          trackingDescription: 'Label printed',
          statusDateTime: '2026-11-21T09:31:12.000Z',
          statusLocation: '',
          statusSignatory: '',
        },
      ],
    },
  },
  getShipmentLabel: { response: { format: 'pdf', base64String: PDF } },
  cancelShipment: { response: { success: true } },
  recordCarrierEvent: {
    request: { status: 'Enroute to Depot', location: 'Leeds depot', occurredOn: '2026-11-21T17:05:00Z' },
    response: tracking,
  },
  getShipmentTracking: { response: tracking },
  trackShipmentPublic: {
    response: {
      ...tracking,
      lastStatus: { ...tracking.lastStatus, user: '' },
      trackingHistory: tracking.trackingHistory.map((event) => ({ ...event, user: '' })),
    },
  },
  listCarriers: { response: { items: [{ id: 1, name: 'Royal Mail', code: 'RM' }] } },
  createApiKey: {
    request: { name: 'warehouse system' },
    response: {
      apiKey: {
        id: 3,
        name: 'warehouse system',
        prefix: 'ssk_3q2-7w',
        username: 'admin',
        createdOn: '2026-11-21T09:30:00.000Z',
        lastUsedOn: null,
      },
      key: 'ssk_3q2-7wEvR2YbQk8aS1xJ0mHc5uNf9LdTzGp4oKi6VeB',
    },
  },
  getHealth: { response: { status: 'ok', version: '0.1.0' } },
  getReadiness: { response: { status: 'ready', store: 'sqlite' } },
};
