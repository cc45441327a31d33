/** The carriers of the station and their services and features: rows of the operation table (see ../spec.ts). */
import * as S from '../../core/schemas';
import { operationRows } from './operation';

export const carrierOperations = operationRows({
  listCarriers: {
    method: 'GET',
    path: '/carriers',
    tag: 'Carriers',
    access: 'user',
    summary: 'The carriers of this station',
    response: S.CarrierList,
  },
  listCarrierServices: {
    method: 'GET',
    path: '/carriers/{carrierId}/services',
    tag: 'Carriers',
    access: 'user',
    summary: 'The services of a carrier',
    params: S.CarrierIdParams,
    response: S.CarrierServiceList,
  },
  listCarrierFeatures: {
    method: 'GET',
    path: '/carriers/{carrierId}/features',
    tag: 'Carriers',
    access: 'user',
    summary: 'The features of a carrier',
    params: S.CarrierIdParams,
    response: S.CarrierFeatureList,
  },
});
