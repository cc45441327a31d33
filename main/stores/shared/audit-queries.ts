/**
 * The audit trail's reads and pruning, which both dialects run (`?` placeholders;
 * PostgreSQL's store numbers them). Writing differs: SQLite appends inside its group
 * commit, PostgreSQL in one multi-row insert; each store brings its own `append`.
 */
import type { AuditRecord, AuditStore } from '../../core/storage';
import type { Params, Query } from './list-queries';

interface Row {
  at: number;
  username: string;
  via: string;
  api_key: string | null;
  kind: string;
  subject: string;
  detail: unknown;
}

const COLUMNS = 'at, username, via, api_key, kind, subject, detail';

/** The columns of one entry, in COLUMNS' order, with `detail` as JSON text. */
export const auditValues = (e: AuditRecord): (string | number | null)[] => [
  e.at,
  e.username,
  e.via,
  e.apiKey,
  e.kind,
  e.subject,
  JSON.stringify(e.detail),
];
export const AUDIT_INSERT = `INSERT INTO audit_events (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`;

export function auditQueries(query: Query, append: AuditStore['append']): AuditStore {
  const record = (row: Row): AuditRecord => ({
    at: Number(row.at),
    username: row.username,
    via: row.via,
    apiKey: row.api_key,
    kind: row.kind,
    subject: row.subject,
    // jsonb arrives parsed; SQLite's TEXT as the text it is.
    detail: (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as Record<string, unknown>,
  });
  return {
    append,
    async page(filter) {
      const where: string[] = [];
      const params: Params = [];
      if (filter.kinds.length > 0) {
        where.push(`kind IN (${filter.kinds.map(() => '?').join(', ')})`);
        params.push(...filter.kinds);
      }
      if (filter.username !== null) {
        where.push('lower(username) = lower(?)');
        params.push(filter.username);
      }
      if (filter.from !== null) {
        where.push('at >= ?');
        params.push(filter.from);
      }
      if (filter.to !== null) {
        where.push('at <= ?');
        params.push(filter.to);
      }
      const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      const [total] = await query<{ n: number }>(`SELECT count(*) AS n FROM audit_events ${clause}`, params);
      const rows = await query<Row>(
        `SELECT ${COLUMNS} FROM audit_events ${clause} ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`,
        [...params, filter.limit, filter.offset],
      );
      return { total: Number(total?.n ?? 0), rows: rows.map(record) };
    },
    async count(subject, kinds) {
      const marks = kinds.map(() => '?').join(', ');
      const [total] = await query<{ n: number }>(
        `SELECT count(*) AS n FROM audit_events WHERE subject = ? AND kind IN (${marks})`,
        [subject, ...kinds],
      );
      const [latest] = await query<Row>(
        `SELECT ${COLUMNS} FROM audit_events WHERE subject = ? AND kind IN (${marks}) ORDER BY at DESC, id DESC LIMIT 1`,
        [subject, ...kinds],
      );
      return { count: Number(total?.n ?? 0), latest: latest ? record(latest) : null };
    },
    async prune(before, limit) {
      const gone = await query<{ id: number }>(
        'DELETE FROM audit_events WHERE id IN (SELECT id FROM audit_events WHERE at < ? ORDER BY at LIMIT ?) RETURNING id',
        [before, limit],
      );
      return gone.length;
    },
  };
}
