/** The audit trail: a row of the operation table (see ../spec.ts). */
import * as S from '../../core/schemas';
import { operationRows } from './operation';

export const auditOperations = operationRows({
  listAuditEvents: {
    method: 'GET',
    path: '/audit',
    tag: 'Station',
    access: 'admin',
    summary: 'The audit trail, newest first: sign-ins, changes, cancels, manifests, imports and prints',
    query: S.AuditQuery,
    response: S.AuditPage,
  },
});
