/**
 * The operation names and their IPC channels, without the schemas. The sandboxed preload
 * needs only these, and importing spec.ts would bundle typebox and every schema into it
 * (the schemas are built by calls a bundler cannot prove free of side effects).
 *
 * spec.ts stays the source of truth: this list is typed against its OperationName (a name
 * missing here, misspelt or extra fails to compile), and main/ipc/channels.test.ts checks
 * that it equals Object.keys(operations) in order and that the channels agree.
 */
import type { OperationName } from './spec';

export const OPERATION_NAMES = [
  'signIn',
  'me',
  'listCarriers',
  'listCarrierServices',
  'listCarrierFeatures',
  'createShipment',
  'listShipments',
  'viewShipment',
  'trackPublic',
  'shipmentLabel',
  'cancelShipment',
  'recordCarrierEvent',
  'shipmentTracking',
  'listUsers',
  'createUser',
  'updateUser',
  'listApiKeys',
  'createApiKey',
  'revokeApiKey',
  'getSettings',
  'updateSettings',
  'health',
  'shipmentCustoms',
] as const satisfies readonly OperationName[];

// Fails to compile when spec.ts gains an operation that is not listed above.
type Unlisted = Exclude<OperationName, (typeof OPERATION_NAMES)[number]>;
const _everyOperationListed: [Unlisted] extends [never] ? true : Unlisted = true;

/** The IPC channel of an operation: fixed, one per operation (the same as spec.ts's). */
export const ipcChannel = (name: OperationName): string => `station:${name}`;
