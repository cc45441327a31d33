/**
 * SQLite cannot change a column's type: a migration makes the table again under a new name,
 * fills it, drops the old and renames the new. Its CREATE comes from the table as it stands,
 * only the named columns' types changed, so that one such migration run again over
 * another's work (a database set back to an older version) keeps the other's types.
 */
import type { Db } from '../database';

/** `table`'s CREATE TABLE as `as`, each column of `types` declared with its new type. */
export function remadeTable(db: Db, table: string, as: string, types: Record<string, string>): string {
  const stored = db
    .prepare<[string], string>("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?")
    .pluck()
    .get(table);
  if (!stored) throw new Error(`no table ${table}`);
  let sql = `CREATE TABLE ${as} ${stored.slice(stored.indexOf('('))}`;
  for (const [column, type] of Object.entries(types)) {
    const declared = new RegExp(`([(,]\\s*)("?)${column}\\2\\s+[A-Za-z]+`);
    if (!declared.test(sql)) throw new Error(`${table}.${column} is not declared in ${stored}`);
    sql = sql.replace(declared, `$1$2${column}$2 ${type}`);
  }
  return sql;
}

/** The CREATE INDEX and CREATE TRIGGER statements on `table` (dropped with it). */
export function indexesAndTriggers(db: Db, table: string): string[] {
  return db
    .prepare<[string], string>(
      "SELECT sql FROM sqlite_schema WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL",
    )
    .pluck()
    .all(table);
}
