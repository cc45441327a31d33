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
}

const spec = <T extends Record<string, OperationSpec>>(table: T) => table;

export const operations = spec({
  signIn: {
    method: 'POST', path: '/auth', tag: 'Authentication', access: 'public',
    summary: 'Sign in by API key, by user name and password, or with a refresh token',
    query: S.AuthQuery, body: S.AuthRequest, response: S.AuthResponse,
  },
  me: {
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
  },
  listShipments: {
    method: 'GET', path: '/shipments', tag: 'Shipments', access: 'user',
    summary: 'List shipments by date, status and page', query: S.ListShipmentsQuery, response: S.ShipmentList,
  },
  viewShipment: {
    method: 'GET', path: '/shipments/{uniqueId}', tag: 'Shipments', access: 'user',
    summary: 'One shipment with its addresses, pieces and labels',
    params: S.ShipmentIdParams, response: S.ShipmentDetail,
  },
  trackPublic: {
    method: 'GET', path: '/shipments/{uniqueId}', tag: 'Tracking', access: 'public',
    summary: 'Public tracking view: a shipment id, shipment number or tracking number plus the delivery post code',
    params: S.ShipmentIdParams, query: S.PublicTrackingQuery, response: S.TrackingResponse,
    selectedByQuery: 'postCode',
  },
  shipmentLabel: {
    method: 'GET', path: '/shipments/{uniqueId}/label', tag: 'Shipments', access: 'user',
    summary: 'The label of every piece as one PDF; the shipment becomes Printed',
    params: S.ShipmentIdParams, query: S.LabelQuery, response: S.LabelResponse,
  },
  cancelShipment: {
    method: 'DELETE', path: '/shipments/{uniqueId}', tag: 'Shipments', access: 'user',
    summary: 'Cancel a shipment', params: S.ShipmentIdParams, response: S.SuccessResponse,
  },
  recordCarrierEvent: {
    method: 'POST', path: '/shipments/{uniqueId}/events', tag: 'Tracking', access: 'user',
    summary: 'Record a carrier scan', params: S.ShipmentIdParams, body: S.CarrierEventRequest,
    response: S.TrackingResponse,
  },
  shipmentTracking: {
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
  health: {
    method: 'GET', path: '/health', tag: 'Station', access: 'public',
    summary: 'Whether the station is up, and its version', response: S.Health,
  },
  shipmentCustoms: {
    method: 'GET', path: '/shipments/{uniqueId}/customs', tag: 'Shipments', access: 'user',
    summary: 'The customs forms of an international shipment as one PDF: a CN22, or a CN23 and a commercial invoice',
    params: S.ShipmentIdParams, query: S.CustomsQuery, response: S.CustomsResponse,
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

/** The IPC channel of an operation: fixed, one per operation. */
export const ipcChannel = (name: OperationName): string => `station:${name}`;
