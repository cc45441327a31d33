/** Importing a CSV file of shipments: rows of the operation table (see ../spec.ts). */
import * as S from '../../core/schemas';
import { csvBody, operationRows } from './operation';

export const importOperations = operationRows({
  createImport: {
    method: 'POST',
    path: '/imports',
    tag: 'Import',
    access: 'user',
    summary: 'Import a CSV file of shipments: each row created, invalid or skipped; dryRun checks only',
    query: S.ImportQuery,
    headers: S.IdempotencyHeaders,
    ...csvBody(S.ImportRequest, S.IMPORT_MAX_BYTES),
    response: S.ImportResult,
  },
  getImport: {
    method: 'GET',
    path: '/imports/{importId}',
    tag: 'Import',
    access: 'user',
    summary: 'The outcome of an import, row by row',
    params: S.ImportIdParams,
    response: S.ImportResult,
  },
  getImportLabels: {
    method: 'GET',
    path: '/imports/{importId}/labels',
    tag: 'Import',
    access: 'user',
    summary:
      'Every label an import made, as one PDF or ZPL document in row order (with includeCustoms=true each CN22 after its labels); its shipments become Printed unless markPrinted=false',
    params: S.ImportIdParams,
    query: S.ImportLabelsQuery,
    response: S.LabelResponse,
  },
  getImportProgress: {
    method: 'GET',
    path: '/import-progress/{idempotencyKey}',
    tag: 'Import',
    access: 'user',
    summary:
      "How far a running import of yours has got: rows done of the file's rows (by the Idempotency-Key it was sent with)",
    params: S.ImportProgressParams,
    response: S.ImportProgress,
    problems: { 404: 'No import of yours with this key is running (not started yet, or finished).' },
  },
});
