/** The station: its settings and health: rows of the operation table (see ../spec.ts). */
import * as S from '../../core/schemas';
import { jsonBody, operationRows } from './operation';

export const stationOperations = operationRows({
  getSettings: {
    method: 'GET',
    path: '/settings',
    tag: 'Station',
    access: 'user',
    summary: 'Station settings: sender address and label size',
    response: S.StationSettings,
  },
  updateSettings: {
    method: 'PATCH',
    path: '/settings',
    tag: 'Station',
    access: 'admin',
    summary: 'Change station settings',
    ...jsonBody(S.UpdateSettingsRequest),
    response: S.StationSettings,
  },
  getHealth: {
    method: 'GET',
    path: '/health',
    tag: 'Station',
    access: 'public',
    summary: 'Whether the station is up, and its version',
    response: S.Health,
  },
  getReadiness: {
    method: 'GET',
    path: '/health/ready',
    tag: 'Station',
    access: 'public',
    summary: 'Whether the station’s database answers now (503 naming the store when it does not)',
    response: S.Readiness,
  },
});
