/**
 * The audit trail's reads and pruning, which both dialects run: written once with `sql`,
 * the columns and their encoding from the table's map (tables/audit.ts). Writing differs:
 * SQLite appends inside its group commit, PostgreSQL in one insert of many rows; each
 * store brings its own `append`, made from the same map.
 */
import type { AuditRecord, AuditStore } from '../../core/storage';
import type { Run } from './address-book-queries';
import { reader, selectList } from './columns';
import { identifiers, sql, sqlJoin, where, type Dialect, type Sql } from './sql';
import { AUDIT_FIELDS, auditEvents } from './tables/audit';

export function auditQueries(dialect: Dialect, run: Run, append: AuditStore['append']): AuditStore {
  const columns = identifiers(selectList(auditEvents, AUDIT_FIELDS));
  const read = reader(dialect, auditEvents, AUDIT_FIELDS);
  const rows = async (statement: Sql) => (await run(statement)).map((row) => read(row) as AuditRecord);
  const ofSubject = (subject: string, kinds: readonly string[]) =>
    sql`WHERE subject = ${subject} AND kind IN (${sqlJoin(kinds)})`;
  return {
    append,
    async page(filter) {
      const conditions: Sql[] = [];
      if (filter.kinds.length > 0) conditions.push(sql`kind IN (${sqlJoin(filter.kinds)})`);
      if (filter.username !== null) conditions.push(sql`lower(username) = lower(${filter.username})`);
      if (filter.from !== null) conditions.push(sql`at >= ${filter.from}`);
      if (filter.to !== null) conditions.push(sql`at <= ${filter.to}`);
      const clause = where(conditions);
      const [total] = await run<{ n: number }>(sql`SELECT count(*) AS n FROM audit_events ${clause}`);
      return {
        total: Number(total?.n ?? 0),
        rows: await rows(
          sql`SELECT ${columns} FROM audit_events ${clause} ORDER BY at DESC, id DESC LIMIT ${filter.limit} OFFSET ${filter.offset}`,
        ),
      };
    },
    async count(subject, kinds) {
      const [total] = await run<{ n: number }>(
        sql`SELECT count(*) AS n FROM audit_events ${ofSubject(subject, kinds)}`,
      );
      const [latest] = await rows(
        sql`SELECT ${columns} FROM audit_events ${ofSubject(subject, kinds)} ORDER BY at DESC, id DESC LIMIT 1`,
      );
      return { count: Number(total?.n ?? 0), latest: latest ?? null };
    },
    async prune(before, limit) {
      const gone = await run(
        sql`DELETE FROM audit_events WHERE id IN (SELECT id FROM audit_events WHERE at < ${before} ORDER BY at LIMIT ${limit}) RETURNING id`,
      );
      return gone.length;
    },
  };
}
