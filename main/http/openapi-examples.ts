/**
 * Request and response examples for the OpenAPI document. The linter checks each against
 * its operation's schema (test/openapi/openapi.test.ts), so they cannot drift from the shapes.
 */
import { emptyAddress, type Address, type WebhookEvent, type WEBHOOK_TEST_EVENT } from '../core/schemas';
import type { OperationName } from '../operations/spec';

interface OperationExample {
  request?: unknown;
  response: unknown;
  /** The 201's body, where an operation answers 201 with another shape than its 200. */
  created?: unknown;
  /** The 400's detail and members, where one made up says more than the generated one. */
  validationProblem?: { detail: string; members: Record<string, string> };
  /** The detail of a 404, 409 or 429, where it says more than the status's description. */
  notFound?: string;
  conflict?: string;
  rateLimited?: string;
}

const TOKEN = { accessToken: 'Zt3c9yqJ1Kq0m1oYb2vR5wS8xA4dE7fG0hI3jL6nP9s', expires: '2026-11-21T10:30:00.000Z' };
const SHIPMENT_ID = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';
const ORDER_ID = '2d8e4f6a-1b3c-4d5e-9f7a-8b6c4d2e0f1a';
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
  trackingNumber: 'SP000000014GB',
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

const SUCCESS = { success: true };
const CREATED_ON = '2026-11-21T09:30:00.000Z';
const SIGN_IN = {
  token: TOKEN,
  refreshToken: { accessToken: 'r8Kq2mVx7LbN4cZp1sWd9fYh3jTg6uAe0oQi5nRk2Xy', expires: '2026-12-21T09:30:00.000Z' },
  errorMessage: null,
};
const fullAddress = (address: Partial<Address>): Address => ({ ...emptyAddress(), ...address });
const SHIPMENT = {
  shipmentNumber: 'SS00000042',
  despatchDate: CREATED_ON,
  deliveryInstructions: 'Leave with the neighbour at 24',
  carrier: 'Swift Parcels',
  carrierService: 'Next Day',
  hsCode: '',
  descriptionOfGoods: '',
  goodsDescription: 'Printed T-shirts',
  collectionAddress: fullAddress(collectionAddress),
  deliveryAddress: fullAddress(deliveryAddress),
  reference: 'ORDER-1001',
  cost: 0,
  insuredValue: 0,
  currency: 'GBP',
  shipmentPieces: [
    {
      description: 'Box',
      weight: 1.2,
      weightUnit: 'KG',
      length: 30,
      width: 20,
      height: 10,
      dimensionUnit: 'CM',
      base64String: PDF,
      trackingNumber: 'SP000000014GB',
      sequenceNumber: 1,
    },
  ],
  shipmentId: SHIPMENT_ID,
  status: 'Printed',
  createdOn: CREATED_ON,
  carrierId: 1,
  carrierServiceId: 101,
  carrierFeatures: [1001],
  referenceOne: 'ORDER-1001',
  referenceTwo: '',
  referenceThree: '',
};
const USER = { id: 2, username: 'dispatch1', role: 'operator', disabled: false, createdOn: CREATED_ON };
const API_KEY = {
  id: 3,
  name: 'warehouse system',
  prefix: 'ssk_3q2-7w',
  username: 'admin',
  createdOn: CREATED_ON,
  lastUsedOn: '2026-11-21T11:02:45.000Z',
};
const WEBHOOK = {
  id: 1,
  url: 'http://127.0.0.1:8080/hooks',
  events: ['shipment.created', 'shipment.cancelled'],
  allowRemoteHost: false,
  createdOn: CREATED_ON,
  createdBy: 'admin',
};
const DELIVERY = {
  id: 17,
  eventId: 'evt_o17',
  type: 'webhook.test',
  state: 'delivered',
  attempts: 1,
  createdOn: CREATED_ON,
  lastAttemptOn: CREATED_ON,
  nextAttemptOn: null,
  responseStatus: 200,
  error: '',
};
const MANIFEST_SUMMARY = {
  id: 7,
  manifestNumber: 'MF00000007',
  carrierId: 1,
  carrier: 'Swift Parcels',
  createdOn: '2026-11-21T17:00:00.000Z',
  createdBy: 'dispatch1',
  shipmentCount: 1,
  pieceCount: 1,
  totalWeightKg: 1.2,
};
const MANIFEST = {
  ...MANIFEST_SUMMARY,
  shipments: [
    {
      shipmentId: SHIPMENT_ID,
      shipmentNumber: 'SS00000042',
      reference: 'ORDER-1001',
      deliveryName: 'Sam Receiver',
      deliveryPostZipCode: 'LS1 1UR',
      deliveryCountry: 'GB',
      pieces: 1,
      weightKg: 1.2,
      trackingNumbers: ['SP000000014GB'],
    },
  ],
  format: 'pdf',
  base64String: PDF,
};
const IMPORT = {
  importId: 12,
  dryRun: false,
  createdOn: CREATED_ON,
  totalRows: 2,
  created: 1,
  valid: 0,
  invalid: 1,
  skipped: 0,
  columns: [
    { header: 'Reference', field: 'referenceOne' },
    { header: 'Name', field: 'deliveryAddress.fullName' },
    { header: 'Post code', field: 'deliveryAddress.postZipCode' },
    { header: 'Weight', field: 'shipmentPieces.weight' },
    { header: 'Notes', field: null },
  ],
  rows: [
    { row: 1, status: 'created', shipmentId: SHIPMENT_ID, shipmentNumber: 'SS00000042' },
    {
      row: 2,
      status: 'invalid',
      problems: { 'deliveryAddress.postZipCode': 'Post code LS1 9ZZZ is not a GB post code (e.g. SW1A 1AA)' },
    },
  ],
};
const PRINTERS = {
  items: [
    { id: 'cups:Zebra_ZD421', name: 'Zebra ZD421', kind: 'system' },
    { id: 'net:10.0.0.20:9100', name: 'Label printer at 10.0.0.20:9100', kind: 'network', address: '10.0.0.20:9100' },
  ],
  labelPrinter: {
    printerId: 'net:10.0.0.20:9100',
    format: 'zpl',
    dpi: 203,
    pageSize: '4x6',
    documentPrinterId: 'cups:Office_A4',
  },
  lastJob: {
    printerId: 'net:10.0.0.20:9100',
    printerName: 'Label printer at 10.0.0.20:9100',
    what: 'SS00000042',
    at: '2026-11-21T09:31:12.000Z',
    ok: true,
    error: null,
  },
  systemError: null,
};
const PRINTED = {
  success: true,
  printerId: 'net:10.0.0.20:9100',
  printer: 'Label printer at 10.0.0.20:9100',
  format: 'zpl',
};
const PRINT_RESULTS = [
  { shipmentId: SHIPMENT_ID, shipmentNumber: 'SS00000042', ok: true, labels: 1 },
  {
    shipmentId: '0b7e3c41-9d2a-4f6b-8e1c-5a4d3f2e1b0c',
    shipmentNumber: 'SS00000043',
    ok: false,
    problem: 'Shipment SS00000043 is cancelled; its label is void.',
  },
];
const SAVED_ADDRESS = {
  id: 5,
  nickname: 'Sam (Leeds)',
  kind: 'delivery',
  ...fullAddress(deliveryAddress),
  updatedOn: CREATED_ON,
};
const PRESET_REQUEST = {
  name: 'Medium box',
  length: 30,
  width: 20,
  height: 10,
  dimensionUnit: 'CM',
  weight: 0.3,
  weightUnit: 'KG',
};
const PRESET = { id: 2, ...PRESET_REQUEST, description: 'Double-wall carton', updatedOn: CREATED_ON };
const WATCH_FOLDER = { path: 'D:\\Orders', action: 'orders', enabled: true };
const SCALE = { port: 'COM3', protocol: 'nci', baudRate: 9600, dataBits: 7, parity: 'even', stopBits: 1 };
const SETTINGS = {
  senderAddress: {
    ...fullAddress(collectionAddress),
    eoriNumber: 'GB123456789000',
    vatNumber: 'GB123456789',
    iossNumber: '',
  },
  labelSize: '4x6',
  cn22MaxValue: { GBP: 270, EUR: 300, USD: 350 },
  auditDays: 400,
  dailyBackup: {
    enabled: true,
    folder: 'D:\\Backups\\Shipping',
    keep: 14,
    available: true,
    lastBackupOn: '2026-11-21T09:30:00.000Z',
    lastBackupFile: 'D:\\Backups\\Shipping\\shipping-station-2026-11-21.db',
    problem: null,
  },
};

const ORDER_ITEM = {
  orderId: ORDER_ID,
  orderNumber: 'WEB-10233',
  status: 'Awaiting',
  createdOn: CREATED_ON,
  channel: 'webshop',
  deliveryName: 'Sam Receiver',
  postZipCode: 'LS1 1UR',
  countryTwoCharacterISOCode: 'GB',
  itemCount: 2,
  weight: 0.8,
  shipmentId: null,
  shipmentNumber: null,
};
const ORDER = {
  orderId: ORDER_ID,
  orderNumber: 'WEB-10233',
  status: 'Awaiting',
  channel: 'webshop',
  orderDate: null,
  createdOn: CREATED_ON,
  updatedOn: CREATED_ON,
  deliveryAddress: fullAddress(deliveryAddress),
  collectionAddress: null,
  items: [
    {
      sku: 'MUG-BLUE',
      description: 'Blue mug',
      quantity: 2,
      unitValue: 8.5,
      unitWeight: 0.4,
      weightUnit: 'KG',
      hsCode: '',
      originCountry: '',
    },
  ],
  currency: 'GBP',
  referenceOne: '',
  referenceTwo: '',
  referenceThree: '',
  deliveryInstructions: '',
  tags: [],
  notes: '',
  requestedService: 'NEXT DAY',
  package: { presetId: 3 },
  totalWeightKg: 0.8,
  totalValue: 17,
  shipmentId: null,
  shipmentNumber: null,
};
const RULE = {
  name: 'UK next day',
  enabled: true,
  when: { zones: ['domestic'], maxWeight: 30 },
  then: { carrierId: 1, carrierServiceId: 101, presetId: 3 },
};

export const OPERATION_EXAMPLES: Record<OperationName, OperationExample> = {
  signIn: {
    request: { apiKey: { apiKey: 'ssk_3q2-7wEvR2YbQk8aS1xJ0mHc5uNf9LdTzGp4oKi6VeB' } },
    response: SIGN_IN,
    validationProblem: {
      detail:
        'The sign-in was not accepted: this is not a key of this station, or it was revoked: check it, or ask an administrator for a new one.',
      members: {
        apiKey: 'This is not a key of this station, or it was revoked: check it, or ask an administrator for a new one',
      },
    },
    rateLimited: 'Too many failed sign-ins; try again in 840 seconds, or ask an administrator to unlock the user.',
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
      shipmentPieces: [{ sequenceNumber: 1, base64String: PDF, trackingNumber: 'SP000000014GB' }],
    },
    validationProblem: {
      detail:
        '2 fields need attention: Post code LS1 9ZZZ is not a GB post code (e.g. SW1A 1AA); Weight must be more than 0 kg',
      members: {
        'deliveryAddress.postZipCode': 'Post code LS1 9ZZZ is not a GB post code (e.g. SW1A 1AA)',
        'shipmentPieces[0].weight': 'Weight must be more than 0 kg',
      },
    },
    conflict:
      'This Idempotency-Key made shipment SS00000042 (6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b) from another request body: send that body again to get SS00000042, or use a new key to create another shipment.',
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
          carrier: 'Swift Parcels',
          carrierService: 'Next Day',
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
  getShipment: {
    response: SHIPMENT,
    validationProblem: {
      detail: 'SS42 is neither a shipmentId (a UUID) nor a shipment number (SS and 8 digits, e.g. SS00000042)',
      members: {
        uniqueId: 'SS42 is neither a shipmentId (a UUID) nor a shipment number (SS and 8 digits, e.g. SS00000042)',
      },
    },
  },
  getShipmentLabel: {
    response: { format: 'pdf', base64String: PDF },
    conflict: 'Shipment SS00000042 is cancelled; its label is void.',
  },
  cancelShipment: {
    response: SUCCESS,
    conflict:
      'Shipment SS00000042 is Delivered to Receiver; only a shipment that is Not Printed, Printed, Manifested, Awaiting Collection can be cancelled.',
  },
  recordCarrierEvent: {
    request: { status: 'Enroute to Depot', location: 'Leeds depot', occurredOn: '2026-11-21T17:05:00Z' },
    response: tracking,
    conflict:
      'Shipment SS00000042 cannot go from Not Printed to Enroute to Depot; choose a status that may follow Not Printed.',
  },
  getShipmentTracking: { response: tracking },
  trackShipmentPublic: {
    response: {
      ...tracking,
      lastStatus: { ...tracking.lastStatus, user: '' },
      trackingHistory: tracking.trackingHistory.map((event) => ({ ...event, user: '' })),
    },
    notFound: 'A shipment with this reference and post code was not found',
    rateLimited: 'Too many tracking requests; try again in 35 seconds.',
  },
  listCarriers: { response: { items: [{ id: 1, name: 'Swift Parcels', code: 'SWIFT' }] } },
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
  createOrders: {
    request: {
      orderNumber: 'WEB-10233',
      channel: 'webshop',
      deliveryAddress,
      items: [{ sku: 'MUG-BLUE', description: 'Blue mug', quantity: 2, unitValue: 8.5, unitWeight: 0.4 }],
      package: { presetId: 3 },
    },
    response: { orderId: ORDER_ID, orderNumber: 'WEB-10233', status: 'Awaiting' },
    conflict:
      'Order WEB-10233 is here already (2d8e4f6a-1b3c-4d5e-9f7a-8b6c4d2e0f1a); change it with PATCH /orders/{orderId}.',
  },
  listOrders: { response: { totalItems: 1, items: [ORDER_ITEM] } },
  getOrder: { response: ORDER },
  updateOrder: { request: { hold: true }, response: { ...ORDER, status: 'On Hold' } },
  cancelOrder: { response: SUCCESS },
  shipOrder: {
    request: { presetId: 3 },
    response: {
      success: true,
      shipmentId: SHIPMENT_ID,
      shipmentNumber: 'SS00000042',
      shipmentPieces: [{ sequenceNumber: 1, base64String: PDF, trackingNumber: 'SP000000014GB' }],
      orderId: ORDER_ID,
      ruleName: 'UK next day',
    },
  },
  getPackingSlip: { response: { format: 'pdf', base64String: PDF } },
  createReturn: {
    request: { referenceOne: 'RMA-1001' },
    response: {
      success: true,
      shipmentId: '9a7c5e3b-1d2f-4a6b-8c0e-2f4a6c8e0b1d',
      shipmentNumber: 'SS00000043',
      shipmentPieces: [{ sequenceNumber: 1, base64String: PDF, trackingNumber: 'SP000000028GB' }],
      returnOf: SHIPMENT_ID,
    },
    conflict: 'Shipment SS00000042 is cancelled; a cancelled shipment has nothing to return.',
  },
  listRules: { response: { rules: [RULE] } },
  replaceRules: { request: { rules: [RULE] }, response: { rules: [RULE] } },
  matchRule: { response: { rule: { name: RULE.name, index: 0 }, then: RULE.then } },
  listAuditEvents: {
    response: {
      totalItems: 1,
      items: [
        {
          at: '2026-11-21T14:02:00.000Z',
          user: 'ann',
          via: 'http',
          apiKey: 'warehouse',
          kind: 'shipment.cancel',
          subject: 'SS00000042',
          detail: { from: 'Printed', to: 'Cancelled' },
        },
      ],
    },
  },
  getMe: { response: { user: { ...USER, id: 1, username: 'admin', role: 'admin' } } },
  changeOwnPassword: {
    request: { currentPassword: 'the old one', newPassword: 'a long new passphrase' },
    response: SIGN_IN,
  },
  listCarrierServices: {
    response: {
      items: [
        {
          id: 101,
          systemName: 'SWIFT_NDAY',
          name: 'Next Day',
          uniqueIdentifier: '247f4e18-423b-5aa7-a699-6a8cb5fbc4c5',
          serviceCode: 'NDAY',
          maxWeightKg: 30,
          maxLengthCm: 150,
          scope: 'domestic',
          isReturn: false,
        },
        {
          id: 105,
          systemName: 'SWIFT_RTN',
          name: 'Returns',
          uniqueIdentifier: '2f5f3e9f-2b22-52e4-9c03-835f5c2ecdab',
          serviceCode: 'RTN',
          maxWeightKg: 30,
          maxLengthCm: 150,
          scope: 'domestic',
          isReturn: true,
        },
      ],
    },
  },
  listCarrierFeatures: {
    response: { items: [{ id: 1001, name: 'Signature on delivery', carrierFeatureCode: 'SIG' }] },
  },
  printLabels: {
    request: { shipmentIds: [SHIPMENT_ID, '0b7e3c41-9d2a-4f6b-8e1c-5a4d3f2e1b0c'] },
    response: { format: 'pdf', base64String: PDF, results: PRINT_RESULTS.map(({ labels: _, ...r }) => r) },
  },
  getShipmentCustoms: {
    response: { format: 'pdf', form: 'CN23', base64String: PDF },
    conflict: 'Shipment SS00000042 is domestic; it has no customs declaration.',
  },
  getCustomsBatch: {
    request: { shipmentIds: [SHIPMENT_ID] },
    response: {
      format: 'pdf',
      base64String: PDF,
      shipments: [{ shipmentId: SHIPMENT_ID, shipmentNumber: 'SS00000042' }],
    },
  },
  listUsers: { response: { items: [{ ...USER, id: 1, username: 'admin', role: 'admin' }, USER] } },
  createUser: {
    request: { username: 'dispatch1', password: 'a long passphrase', role: 'operator' },
    response: USER,
    conflict: 'The user name dispatch1 was taken just now; choose another.',
  },
  updateUser: { request: { disabled: true }, response: { ...USER, disabled: true } },
  unlockUser: { response: USER },
  listApiKeys: { response: { items: [API_KEY] } },
  revokeApiKey: { response: SUCCESS },
  getSettings: { response: SETTINGS },
  updateSettings: { request: { labelSize: 'A6' }, response: { ...SETTINGS, labelSize: 'A6' } },
  listWebhooks: { response: { items: [WEBHOOK] } },
  createWebhook: {
    request: { url: WEBHOOK.url, events: WEBHOOK.events },
    response: { webhook: WEBHOOK, secret: 'whsec_Jp3vQ9sT2xW7yZ1bC4dF6gH8kL0mN5oR3tU7wX9zA2c' },
    conflict:
      'http://127.0.0.1:8080/hooks is subscribed already, as webhook 1: delete that one first to subscribe it with other events.',
  },
  deleteWebhook: { response: SUCCESS },
  testWebhook: { response: DELIVERY },
  listWebhookDeliveries: {
    response: {
      items: [
        DELIVERY,
        {
          ...DELIVERY,
          id: 18,
          eventId: 'evt_t1042',
          type: 'shipment.created',
          state: 'pending',
          attempts: 3,
          nextAttemptOn: '2026-11-21T09:30:07.000Z',
          responseStatus: 502,
          error: 'HTTP 502',
        },
      ],
    },
  },
  createManifest: {
    request: { carrierId: 1 },
    response: MANIFEST,
    conflict: 'No Printed Swift Parcels shipment is waiting for a manifest.',
  },
  listManifests: { response: { totalItems: 1, items: [MANIFEST_SUMMARY] } },
  getManifest: { response: MANIFEST },
  getEndOfDay: { response: { items: [{ carrierId: 1, carrier: 'Swift Parcels', printedWaiting: 12, notPrinted: 2 }] } },
  createImport: {
    request:
      'Reference,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height\nORDER-1001,Sam Receiver,22 High Street,Leeds,LS1 1UR,GB,1.2,30,20,10\n',
    response: IMPORT,
    validationProblem: {
      detail: 'has no rows: the first line names the columns, each line after it is a piece',
      members: { body: 'has no rows: the first line names the columns, each line after it is a piece' },
    },
  },
  getImport: { response: IMPORT },
  getImportLabels: { response: { format: 'pdf', base64String: PDF } },
  getImportProgress: { response: { rowsDone: 1200, totalRows: 5000 } },
  listPrinters: { response: PRINTERS },
  addNetworkPrinter: { request: { address: '10.0.0.20:9100' }, response: PRINTERS },
  removeNetworkPrinter: { response: PRINTERS },
  chooseLabelPrinter: { request: PRINTERS.labelPrinter, response: PRINTERS },
  printShipment: { response: { ...PRINTED, status: 'Printed' } },
  printTestPage: { response: { ...PRINTED, dpi: 203 } },
  printImportLabels: { response: { ...PRINTED, results: PRINT_RESULTS } },
  printLabelBatch: {
    request: { shipmentIds: [SHIPMENT_ID, '0b7e3c41-9d2a-4f6b-8e1c-5a4d3f2e1b0c'] },
    response: { ...PRINTED, results: PRINT_RESULTS },
  },
  printShipmentCustoms: {
    response: { success: true, printerId: 'cups:Office_A4', printer: 'Office A4', form: 'CN23' },
  },
  printCustomsBatch: {
    request: { shipmentIds: [SHIPMENT_ID] },
    response: {
      success: true,
      printerId: 'cups:Office_A4',
      printer: 'Office A4',
      shipments: [{ shipmentId: SHIPMENT_ID, shipmentNumber: 'SS00000042' }],
    },
  },
  listAddresses: { response: { totalItems: 1, items: [SAVED_ADDRESS] } },
  createAddress: {
    request: { nickname: 'Sam (Leeds)', kind: 'delivery', ...deliveryAddress },
    response: SAVED_ADDRESS,
  },
  updateAddress: { request: { nickname: 'Sam at home' }, response: { ...SAVED_ADDRESS, nickname: 'Sam at home' } },
  deleteAddress: { response: SUCCESS },
  listPackagePresets: { response: { items: [PRESET] } },
  createPackagePreset: { request: PRESET_REQUEST, response: PRESET },
  updatePackagePreset: { request: { weight: 0.35 }, response: { ...PRESET, weight: 0.35 } },
  deletePackagePreset: { response: SUCCESS },
  listScalePorts: {
    response: {
      items: [
        {
          path: 'COM3',
          kind: 'serial',
          manufacturer: 'FTDI',
          serialNumber: 'A10K3Z9Q',
          vendorId: '0403',
          productId: '6001',
        },
      ],
      listError: null,
    },
  },
  getScale: { response: SCALE },
  setScale: { request: SCALE, response: SCALE },
  getScaleReading: {
    response: { state: 'steady', weight: 1.234, weightUnit: 'KG', readAt: '2026-11-21T09:29:58.412Z' },
  },
  getWatchFolder: { response: WATCH_FOLDER },
  setWatchFolder: {
    request: WATCH_FOLDER,
    response: WATCH_FOLDER,
    validationProblem: {
      detail: 'The watched folder was not saved: the station cannot write to it.',
      members: {
        path: 'The station cannot write to D:\\Orders (permission denied): give its user write access, or choose another folder',
      },
    },
  },
  listFolderActivity: {
    response: {
      path: WATCH_FOLDER.path,
      items: [
        {
          file: 'orders-0930.csv',
          status: 'done',
          takenOn: '2026-11-21T09:30:01.120Z',
          finishedOn: '2026-11-21T09:30:02.480Z',
          rows: 120,
          created: 57,
          shipped: 0,
          refused: 1,
          skipped: 2,
          reason: null,
        },
        {
          file: 'export.xlsx',
          status: 'failed',
          takenOn: '2026-11-21T09:12:40.003Z',
          finishedOn: '2026-11-21T09:12:40.010Z',
          rows: 0,
          created: 0,
          shipped: 0,
          refused: 0,
          skipped: 0,
          reason: 'export.xlsx is neither CSV (.csv) nor JSON (.json): save it as CSV and drop it again',
        },
      ],
    },
  },
};

const SHIPMENT_EVENT_DATA = {
  shipmentId: SHIPMENT_ID,
  shipmentNumber: 'SS00000042',
  description: '',
  location: '',
  trackingNumber: '',
  user: 'dispatch1',
};
const shipmentEvent = (id: string, type: string, data: Record<string, unknown>) => ({
  id,
  type,
  createdOn: data.occurredOn,
  data: { ...SHIPMENT_EVENT_DATA, ...data },
});

/** The one-line summary of each webhook event. */
export const WEBHOOK_EVENT_SUMMARIES: Record<WebhookEvent, string> = {
  'shipment.created': 'A shipment was created (its first status, Not Printed)',
  'shipment.printed': 'A shipment’s label was printed or fetched (Printed)',
  'shipment.cancelled': 'A shipment was cancelled',
  'tracking.updated': 'Any other status change: a manifest, or a carrier’s scan',
  'order.created': 'An order came in (POST /orders), Awaiting',
  'order.shipped': 'An order was shipped: the shipment it went out as',
  'order.cancelled': 'An order was cancelled',
};

/** A delivery's body per event, as the station sends it. */
export const WEBHOOK_EXAMPLES: Record<WebhookEvent | typeof WEBHOOK_TEST_EVENT, Record<string, unknown>> = {
  'shipment.created': shipmentEvent('evt_t1042', 'shipment.created', {
    status: 'Not Printed',
    description: 'Shipment created',
    occurredOn: '2026-11-21T09:30:00.000Z',
  }),
  'shipment.printed': shipmentEvent('evt_t1043', 'shipment.printed', {
    status: 'Printed',
    description: 'Label printed',
    occurredOn: '2026-11-21T09:31:12.000Z',
  }),
  'shipment.cancelled': shipmentEvent('evt_t1044', 'shipment.cancelled', {
    status: 'Cancelled',
    description: 'Shipment cancelled',
    occurredOn: '2026-11-21T10:02:40.000Z',
  }),
  'tracking.updated': shipmentEvent('evt_t1045', 'tracking.updated', {
    status: 'Enroute to Depot',
    location: 'Leeds depot',
    trackingNumber: 'SP000000014GB',
    user: 'warehouse',
    occurredOn: '2026-11-21T17:05:00.000Z',
  }),
  'order.created': {
    id: 'evt_o18',
    type: 'order.created',
    createdOn: CREATED_ON,
    data: { orderId: ORDER_ID, orderNumber: 'WEB-10233', status: 'Awaiting', channel: 'webshop' },
  },
  'order.shipped': {
    id: 'evt_o19',
    type: 'order.shipped',
    createdOn: '2026-11-21T10:12:00.000Z',
    data: {
      orderId: ORDER_ID,
      orderNumber: 'WEB-10233',
      status: 'Shipped',
      shipmentId: SHIPMENT_ID,
      shipmentNumber: 'SS00000042',
    },
  },
  'order.cancelled': {
    id: 'evt_o20',
    type: 'order.cancelled',
    createdOn: '2026-11-21T10:14:00.000Z',
    data: { orderId: ORDER_ID, orderNumber: 'WEB-10233', status: 'Cancelled' },
  },
  'webhook.test': {
    id: 'evt_o17',
    type: 'webhook.test',
    createdOn: CREATED_ON,
    data: { message: 'A test event from the Shipping Station.' },
  },
};
