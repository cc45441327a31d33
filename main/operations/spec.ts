/**
 * The operation table: every operation of the station once, with its door-independent
 * description. The HTTP routes, the OpenAPI document, the IPC channels, the preload API
 * and the renderer's client are all derived from this one table. It imports schemas only,
 * so the renderer and the preload can import it too; what each operation does lives in
 * handlers.ts, on the main side.
 */
import type { Static, TSchema } from 'typebox';
import * as S from '../core/schemas';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** public: no token; user: any signed-in user; admin: administrators only. */
export type Access = 'public' | 'user' | 'admin';

export interface OperationSpec {
  method: HttpMethod;
  /** OpenAPI-style path; `{name}` is a path parameter. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  headers?: TSchema;
  response: TSchema;
  /**
   * Two operations may share a method and path (the seed's tracking view shares
   * GET /shipments/{uniqueId} with the detail view): the one naming a query parameter
   * here is chosen when that parameter is present.
   */
  selectedByQuery?: string;
  /** The body's media type when it is not JSON: the body schema is then the file as text. */
  bodyMediaType?: 'text/csv';
  /**
   * Where the OpenAPI document puts an operation that shares its method and path (an
   * OpenAPI path holds one operation per method); the station answers there too.
   */
  documentedPath?: string;
  /**
   * The statuses this operation answers for its own reasons, each with what it means here.
   * The rest (400, 401, 403, 404 for path parameters, 413, 415, 421, 500, 503) follow from
   * its access, parameters and body.
   */
  problems?: Partial<Record<404 | 409 | 429, string>>;
}

const spec = <T extends Record<string, OperationSpec>>(table: T) => table;

export const operations = spec({
  signIn: {
    method: 'POST', path: '/auth', tag: 'Authentication', access: 'public',
    summary: 'Sign in by API key, by user name and password, or with a refresh token',
    query: S.AuthQuery, body: S.AuthRequest, response: S.AuthResponse,
    problems: { 429: 'Ten failed sign-ins for this user name or from this client within 15 minutes: wait for Retry-After.' },
  },
  getMe: {
    method: 'GET', path: '/me', tag: 'Authentication', access: 'user',
    summary: 'The signed-in user', response: S.Me,
  },
  listCarriers: {
    method: 'GET', path: '/carriers', tag: 'Carriers', access: 'user',
    summary: 'The carriers of this station', response: S.CarrierList,
  },
  listCarrierServices: {
    method: 'GET', path: '/carriers/{carrierId}/services', tag: 'Carriers', access: 'user',
    summary: 'The services of a carrier', params: S.CarrierIdParams, response: S.CarrierServiceList,
  },
  listCarrierFeatures: {
    method: 'GET', path: '/carriers/{carrierId}/features', tag: 'Carriers', access: 'user',
    summary: 'The features of a carrier', params: S.CarrierIdParams, response: S.CarrierFeatureList,
  },
  createShipment: {
    method: 'POST', path: '/shipments', tag: 'Shipments', access: 'user',
    summary: 'Create a shipment: numbers, labels and tracking numbers for every piece',
    headers: S.IdempotencyHeaders, body: S.CreateShipmentRequest, response: S.CreateShipmentResponse,
    problems: { 409: 'This Idempotency-Key was used before with another body.' },
  },
  listShipments: {
    method: 'GET', path: '/shipments', tag: 'Shipments', access: 'user',
    summary: 'List shipments by date, status and page', query: S.ListShipmentsQuery, response: S.ShipmentList,
  },
  getShipment: {
    method: 'GET', path: '/shipments/{uniqueId}', tag: 'Shipments', access: 'user',
    summary: 'One shipment with its addresses, pieces and labels',
    params: S.ShipmentIdParams, response: S.ShipmentDetail,
  },
  trackShipmentPublic: {
    method: 'GET', path: '/shipments/{uniqueId}', tag: 'Tracking', access: 'public',
    summary: 'Public tracking view: a shipment id, shipment number or tracking number plus the delivery post code',
    params: S.TrackingReferenceParams, query: S.PublicTrackingQuery, response: S.TrackingResponse,
    selectedByQuery: 'postCode', documentedPath: '/tracking/{uniqueId}',
    problems: {
      404: 'No shipment has this reference, or its delivery post code is another (the same answer for both).',
      429: 'More than 60 tracking requests from this client in a minute: wait for Retry-After.',
    },
  },
  getShipmentLabel: {
    method: 'GET', path: '/shipments/{uniqueId}/label', tag: 'Shipments', access: 'user',
    summary: 'The label of every piece as one PDF or ZPL document; the shipment becomes Printed unless markPrinted=false',
    params: S.ShipmentIdParams, query: S.LabelQuery, response: S.LabelResponse,
    problems: { 409: 'The shipment is cancelled: it has no label to print.' },
  },
  cancelShipment: {
    method: 'DELETE', path: '/shipments/{uniqueId}', tag: 'Shipments', access: 'user',
    summary: 'Cancel a shipment', params: S.ShipmentIdParams, response: S.SuccessResponse,
    problems: { 409: 'The shipment’s status does not allow a cancel (it is with the carrier, or delivered).' },
  },
  recordCarrierEvent: {
    method: 'POST', path: '/shipments/{uniqueId}/events', tag: 'Tracking', access: 'user',
    summary: 'Record a carrier scan', params: S.ShipmentIdParams, body: S.CarrierEventRequest,
    response: S.TrackingResponse,
    problems: { 409: 'The shipment’s life does not allow this status after its current one.' },
  },
  getShipmentTracking: {
    method: 'GET', path: '/shipments/{uniqueId}/tracking', tag: 'Tracking', access: 'user',
    summary: 'Tracking status and history of a shipment', params: S.ShipmentIdParams,
    response: S.TrackingResponse,
  },
  listUsers: {
    method: 'GET', path: '/users', tag: 'Administration', access: 'admin',
    summary: 'The users of this station', response: S.UserList,
  },
  createUser: {
    method: 'POST', path: '/users', tag: 'Administration', access: 'admin',
    summary: 'Add a user', body: S.CreateUserRequest, response: S.User,
    problems: { 409: 'A user with this name exists.' },
  },
  updateUser: {
    method: 'PATCH', path: '/users/{userId}', tag: 'Administration', access: 'admin',
    summary: 'Change a user’s role, password or whether it is disabled',
    params: S.UserIdParams, body: S.UpdateUserRequest, response: S.User,
  },
  listApiKeys: {
    method: 'GET', path: '/api-keys', tag: 'Administration', access: 'admin',
    summary: 'The API keys in use (never the keys themselves)', response: S.ApiKeyList,
  },
  createApiKey: {
    method: 'POST', path: '/api-keys', tag: 'Administration', access: 'admin',
    summary: 'Create an API key; the key is shown in this response only',
    body: S.CreateApiKeyRequest, response: S.CreatedApiKey,
  },
  revokeApiKey: {
    method: 'DELETE', path: '/api-keys/{apiKeyId}', tag: 'Administration', access: 'admin',
    summary: 'Revoke an API key', params: S.ApiKeyIdParams, response: S.SuccessResponse,
  },
  getSettings: {
    method: 'GET', path: '/settings', tag: 'Station', access: 'user',
    summary: 'Station settings: sender address and label size', response: S.StationSettings,
  },
  updateSettings: {
    method: 'PATCH', path: '/settings', tag: 'Station', access: 'admin',
    summary: 'Change station settings', body: S.UpdateSettingsRequest, response: S.StationSettings,
  },
  getHealth: {
    method: 'GET', path: '/health', tag: 'Station', access: 'public',
    summary: 'Whether the station is up, and its version', response: S.Health,
  },
  listWebhooks: {
    method: 'GET', path: '/webhooks', tag: 'Webhooks', access: 'admin',
    summary: 'The webhook subscriptions (never their secrets)', response: S.WebhookList,
  },
  createWebhook: {
    method: 'POST', path: '/webhooks', tag: 'Webhooks', access: 'admin',
    summary: 'Subscribe a URL to events; the signing secret is shown in this response only',
    body: S.CreateWebhookRequest, response: S.CreatedWebhook,
  },
  deleteWebhook: {
    method: 'DELETE', path: '/webhooks/{webhookId}', tag: 'Webhooks', access: 'admin',
    summary: 'Remove a subscription and what it had still to deliver', params: S.WebhookIdParams, response: S.SuccessResponse,
  },
  testWebhook: {
    method: 'POST', path: '/webhooks/{webhookId}/test', tag: 'Webhooks', access: 'admin',
    summary: 'Send a test event now; the answer says how its delivery went', params: S.WebhookIdParams, response: S.WebhookDelivery,
  },
  listWebhookDeliveries: {
    method: 'GET', path: '/webhooks/{webhookId}/deliveries', tag: 'Webhooks', access: 'admin',
    summary: 'The latest 50 deliveries of a subscription: delivered, pending (with the next attempt) or failed',
    params: S.WebhookIdParams, response: S.WebhookDeliveryList,
  },
  changeOwnPassword: {
    method: 'POST', path: '/me/password', tag: 'Authentication', access: 'user',
    summary: 'Change your own password; your other sign-ins end, and this call returns a new sign-in for this one',
    body: S.ChangeOwnPasswordRequest, response: S.AuthResponse,
  },
  createManifest: {
    method: 'POST', path: '/manifests', tag: 'Manifests', access: 'user',
    summary: 'Close the day for a carrier: its Printed shipments become Manifested on a new manifest',
    body: S.CreateManifestRequest, response: S.Manifest,
  },
  listManifests: {
    method: 'GET', path: '/manifests', tag: 'Manifests', access: 'user',
    summary: 'Manifests, newest first, by carrier and date', query: S.ListManifestsQuery, response: S.ManifestList,
  },
  getManifest: {
    method: 'GET', path: '/manifests/{manifestId}', tag: 'Manifests', access: 'user',
    summary: 'One manifest with its shipments and the driver’s PDF', params: S.ManifestIdParams, response: S.Manifest,
  },
  getEndOfDay: {
    method: 'GET', path: '/end-of-day', tag: 'Manifests', access: 'user',
    summary: 'Per carrier: shipments Printed and waiting for a manifest, and those still Not Printed',
    response: S.EndOfDay,
  },
  createImport: {
    method: 'POST', path: '/imports', tag: 'Import', access: 'user',
    summary: 'Import a CSV file of shipments: each row created, invalid or skipped; dryRun checks only',
    query: S.ImportQuery, headers: S.IdempotencyHeaders, body: S.ImportRequest, bodyMediaType: 'text/csv',
    response: S.ImportResult,
  },
  getImport: {
    method: 'GET', path: '/imports/{importId}', tag: 'Import', access: 'user',
    summary: 'The outcome of an import, row by row', params: S.ImportIdParams, response: S.ImportResult,
  },
  getImportLabels: {
    method: 'GET', path: '/imports/{importId}/labels', tag: 'Import', access: 'user',
    summary: 'Every label an import made, as one PDF or ZPL document in row order; its shipments become Printed',
    params: S.ImportIdParams, query: S.ImportLabelsQuery, response: S.LabelResponse,
  },
  printLabels: {
    method: 'POST', path: '/labels', tag: 'Shipments', access: 'user',
    summary: 'The labels of several shipments as one PDF, with an outcome per shipment; they become Printed',
    body: S.BulkLabelsRequest, response: S.BulkLabels,
  },
  unlockUser: {
    method: 'POST', path: '/users/{userId}/unlock', tag: 'Administration', access: 'admin',
    summary: 'Lift a user’s sign-in lock (after 10 failed sign-ins) at every door',
    params: S.UserIdParams, response: S.User,
  },
  listPrinters: {
    method: 'GET', path: '/printers', tag: 'Printers', access: 'user',
    summary: 'This desk\'s printers (system queues and network printers), its label printer choice and last job',
    response: S.PrinterOverviewSchema,
  },
  addNetworkPrinter: {
    method: 'POST', path: '/printers', tag: 'Printers', access: 'user',
    summary: 'Add a network label printer by address (host:port, port 9100 by default)',
    body: S.AddNetworkPrinterRequest, response: S.PrinterOverviewSchema,
  },
  removeNetworkPrinter: {
    method: 'DELETE', path: '/printers/{printerId}', tag: 'Printers', access: 'user',
    summary: 'Remove a network printer from this desk', params: S.PrinterIdParams, response: S.PrinterOverviewSchema,
  },
  chooseLabelPrinter: {
    method: 'PUT', path: '/printers/label-printer', tag: 'Printers', access: 'user',
    summary: 'Choose this desk\'s label printer, its format (pdf or zpl), dpi and page size',
    body: S.LabelPrinterChoiceSchema, response: S.PrinterOverviewSchema,
  },
  printShipment: {
    method: 'POST', path: '/shipments/{uniqueId}/print', tag: 'Printers', access: 'user',
    summary: 'Print every label of a shipment; Not Printed → Printed once the printer or spooler took the job (503 otherwise)',
    params: S.ShipmentIdParams, query: S.PrintQuery, response: S.PrintResponse,
  },
  printTestPage: {
    method: 'POST', path: '/printers/test-page', tag: 'Printers', access: 'user',
    summary: 'Print a test page (printer name, assumed dpi, a ruler, a barcode) on the label printer or the one named',
    query: S.TestPageQuery, response: S.TestPageResponse,
  },
  listAddresses: {
    method: 'GET', path: '/addresses', tag: 'Address book', access: 'user',
    summary: 'Saved addresses, found by words of their nickname, names, city or post code',
    query: S.AddressListQuery, response: S.SavedAddressList,
  },
  createAddress: {
    method: 'POST', path: '/addresses', tag: 'Address book', access: 'user',
    summary: 'Save an address (validated as a create’s address)', body: S.SavedAddressInput, response: S.SavedAddress,
  },
  updateAddress: {
    method: 'PATCH', path: '/addresses/{addressId}', tag: 'Address book', access: 'user',
    summary: 'Change a saved address; fields not given keep their value',
    params: S.AddressIdParams, body: S.SavedAddressInput, response: S.SavedAddress,
  },
  deleteAddress: {
    method: 'DELETE', path: '/addresses/{addressId}', tag: 'Address book', access: 'user',
    summary: 'Delete a saved address', params: S.AddressIdParams, response: S.SuccessResponse,
  },
  listPackagePresets: {
    method: 'GET', path: '/package-presets', tag: 'Package presets', access: 'user',
    summary: 'The package presets, by name', response: S.PackagePresetList,
  },
  createPackagePreset: {
    method: 'POST', path: '/package-presets', tag: 'Package presets', access: 'user',
    summary: 'Add a package preset: dimensions with unit, optional weight, optional description',
    body: S.PackagePresetInput, response: S.PackagePreset,
  },
  updatePackagePreset: {
    method: 'PATCH', path: '/package-presets/{presetId}', tag: 'Package presets', access: 'user',
    summary: 'Change a package preset; fields not given keep their value',
    params: S.PresetIdParams, body: S.UpdatePackagePresetRequest, response: S.PackagePreset,
  },
  deletePackagePreset: {
    method: 'DELETE', path: '/package-presets/{presetId}', tag: 'Package presets', access: 'user',
    summary: 'Delete a package preset', params: S.PresetIdParams, response: S.SuccessResponse,
  },
  getShipmentCustoms: {
    method: 'GET', path: '/shipments/{uniqueId}/customs', tag: 'Shipments', access: 'user',
    summary: 'The customs forms of an international shipment as one PDF: a CN22, or a CN23 and a commercial invoice',
    params: S.ShipmentIdParams, query: S.CustomsQuery, response: S.CustomsResponse,
  },
  getImportProgress: {
    method: 'GET', path: '/import-progress/{idempotencyKey}', tag: 'Import', access: 'user',
    summary: 'How far a running import of yours has got: rows done of the file\'s rows (by the Idempotency-Key it was sent with)',
    params: S.ImportProgressParams, response: S.ImportProgress,
    problems: { 404: 'No import of yours with this key is running (not started yet, or finished).' },
  },
});

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export const OPERATION_NAMES = Object.keys(operations) as OperationName[];

type StaticOf<T> = T extends TSchema ? Static<T> : undefined;
type Part<O, K extends string> = O extends Record<K, TSchema> ? { [P in K]: Static<O[K]> } : { [P in K]?: undefined };

/** What a caller passes to an operation: its path parameters, query, body and headers. */
export type InputOf<N extends OperationName> = Part<Operations[N], 'params'> &
  Part<Operations[N], 'query'> &
  Part<Operations[N], 'body'> &
  Part<Operations[N], 'headers'>;
export type OutputOf<N extends OperationName> = StaticOf<Operations[N]['response']>;
