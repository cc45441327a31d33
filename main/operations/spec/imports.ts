/** Importing a CSV file of shipments: rows of the operation table (see ../spec.ts). */
import * as S from '../../core/schemas';
import { csvBody, operationRows } from './operation';

export const importOperations = operationRows({
  createImport: {
    method: 'POST', path: '/imports', tag: 'Import', access: 'user',
    summary: 'Import a CSV file of shipments: each row created, invalid or skipped; dryRun checks only',
    query: S.ImportQuery, headers: S.IdempotencyHeaders, ...csvBody(S.ImportRequest, S.IMPORT_MAX_BYTES),
    response: S.ImportResult,
  },
  getImport: {
    method: 'GET', path: '/imports/{importId}', tag: 'Import', access: 'user',
    summary: 'The outcome of an import, row by row', params: S.ImportIdParams, response: S.ImportResult,
  },
  getImportLabels: {
    method: 'GET', path: '/imports/{importId}/labels', tag: 'Import', access: 'user',
    summary: 'Every label an import made, as one PDF in row order; its shipments become Printed',
    params: S.ImportIdParams, response: S.LabelResponse,
  },
});
