/**
 * Every table whose columns are said in a map, in the order their foreign keys need (a
 * table after those it refers to): migrate copies them so, and a test checks each against
 * both stores' live schema.
 */
import type { Table } from '../columns';
import { packagePresets, savedAddresses } from './address-book';
import { auditEvents } from './audit';
import { apiKeys, signIns, tokens, users } from './auth';
import { carrierFeatures, carrierServices, carriers } from './carriers';
import { imports } from './imports';
import { manifestShipments, manifests } from './manifests';
import { limitHits, settings } from './settings';
import {
  customsDeclarations,
  customsItems,
  idempotencyKeys,
  pieces,
  shipmentSearchTerms,
  shipments,
  trackingEvents,
} from './shipments';
import { webhookOutbox, webhooks } from './webhooks';
import { orderItems, orderRequests, orderSearchTerms, orderShipments, orders } from './orders';

export const MAPPED_TABLES: readonly Table[] = [
  carriers,
  carrierServices,
  carrierFeatures,
  users,
  apiKeys,
  signIns,
  tokens,
  shipments,
  pieces,
  trackingEvents,
  customsDeclarations,
  customsItems,
  idempotencyKeys,
  settings,
  manifests,
  manifestShipments,
  imports,
  shipmentSearchTerms,
  webhooks,
  // Undelivered rows go on being delivered from the shared database; delivered ones stay as history.
  webhookOutbox,
  savedAddresses,
  packagePresets,
  orders,
  orderItems,
  orderSearchTerms,
  orderShipments,
  orderRequests,
  // A user locked out by failed sign-ins stays locked on the shared database.
  limitHits,
  // The desk's trail goes on in the shared database, from before the move.
  auditEvents,
];
