/** Every table whose columns are said in a map, for what runs over all of them (migrate's copy, the schema test). */
import type { Table } from '../columns';
import { savedAddresses, packagePresets } from './address-book';
import { apiKeys, signIns, tokens, users } from './auth';
import { carrierFeatures, carrierServices, carriers } from './carriers';
import { imports } from './imports';
import { manifestShipments, manifests } from './manifests';
import { limitHits, settings } from './settings';
import { webhookOutbox, webhooks } from './webhooks';

export const MAPPED_TABLES: readonly Table[] = [
  carriers,
  carrierServices,
  carrierFeatures,
  users,
  apiKeys,
  signIns,
  tokens,
  settings,
  limitHits,
  manifests,
  manifestShipments,
  imports,
  webhooks,
  webhookOutbox,
  savedAddresses,
  packagePresets,
];
