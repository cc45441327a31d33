/** End of day: manifests for the carrier: rows of the operation table (see ../spec.ts). */
import * as S from '../../core/schemas';
import { jsonBody, operationRows } from './operation';

export const manifestOperations = operationRows({
  createManifest: {
    method: 'POST',
    path: '/manifests',
    tag: 'Manifests',
    access: 'user',
    summary: 'Close the day for a carrier: its Printed shipments become Manifested on a new manifest',
    ...jsonBody(S.CreateManifestRequest),
    response: S.Manifest,
  },
  listManifests: {
    method: 'GET',
    path: '/manifests',
    tag: 'Manifests',
    access: 'user',
    summary: 'Manifests, newest first, by carrier and date',
    query: S.ListManifestsQuery,
    response: S.ManifestList,
  },
  getManifest: {
    method: 'GET',
    path: '/manifests/{manifestId}',
    tag: 'Manifests',
    access: 'user',
    summary: 'One manifest with its shipments and the driver’s PDF',
    params: S.ManifestIdParams,
    response: S.Manifest,
  },
  getEndOfDay: {
    method: 'GET',
    path: '/end-of-day',
    tag: 'Manifests',
    access: 'user',
    summary: 'Per carrier: shipments Printed and waiting for a manifest, and those still Not Printed',
    response: S.EndOfDay,
  },
});
