/**
 * The operation table: every operation of the station once, with its door-independent
 * description. The HTTP routes, the OpenAPI document, the IPC channels, the preload API
 * and the renderer's client are all derived from this one table. Its rows live by domain in
 * spec/ (spec/shipments.ts, spec/auth.ts, …); a new operation is a row there and a line in
 * handlers.ts. It imports schemas only, so the renderer and the preload can import it too;
 * what each operation does lives in handlers.ts, on the main side.
 */
import type { Static, TSchema } from 'typebox';
import { authOperations } from './spec/auth';
import { carrierOperations } from './spec/carriers';
import { shipmentOperations } from './spec/shipments';
import { userOperations } from './spec/users';
import { stationOperations } from './spec/station';
import { webhookOperations } from './spec/webhooks';
import { manifestOperations } from './spec/manifests';
import { importOperations } from './spec/imports';
import { printerOperations } from './spec/printers';
import { addressBookOperations } from './spec/address-book';
import { packagePresetOperations } from './spec/package-presets';
import { auditOperations } from './spec/audit';
import { scaleOperations } from './spec/scale';
import { orderOperations } from './spec/orders';
import { watchFolderOperations } from './spec/watch-folder';

export type { Access, BodyMediaType, HttpMethod, OperationSpec } from './spec/operation';
export { bodyOf, inMiB, JSON_BODY_LIMIT } from './spec/operation';

/** The rows by domain, one file each under spec/; names are unique across them. */
export const operations = {
  ...authOperations,
  ...carrierOperations,
  ...shipmentOperations,
  ...userOperations,
  ...stationOperations,
  ...webhookOperations,
  ...manifestOperations,
  ...importOperations,
  ...printerOperations,
  ...addressBookOperations,
  ...packagePresetOperations,
  ...auditOperations,
  ...scaleOperations,
  ...orderOperations,
  ...watchFolderOperations,
};

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
