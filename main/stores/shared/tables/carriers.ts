/** The carrier catalog's tables: synced from the catalog file at every start. */
import type { ServiceRecord } from '../../../core/storage';
import { bool, int, real, table, text } from '../columns';

export const carriers = table('carriers', {
  id: int('id'),
  code: text('code'),
  name: text('name'),
  trackingPrefix: text('tracking_prefix'),
});

export const carrierServices = table('carrier_services', {
  id: int('id'),
  carrierId: int('carrier_id'),
  systemName: text('system_name'),
  name: text('name'),
  uniqueIdentifier: text('unique_identifier'),
  serviceCode: text('service_code'),
  maxWeightKg: real('max_weight_kg'),
  maxLengthCm: real('max_length_cm'),
  scope: text<ServiceRecord['scope']>('scope'),
  isReturn: bool('is_return'),
});

export const carrierFeatures = table('carrier_features', {
  id: int('id'),
  carrierId: int('carrier_id'),
  name: text('name'),
  code: text('code'),
});
