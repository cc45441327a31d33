/**
 * Returns (docs/contract.md §23): a carrier's return services are marked, and a return names
 * the shipment it returns. A customs declaration keeps the sender's EORI, VAT and IOSS numbers
 * and whether it was declared under the IOSS number (docs/contract.md §17).
 */
import type { Db } from '../database';

export default /* sql */ `
-- The columns are added by addReturnColumns: SQLite has no ADD COLUMN IF NOT EXISTS, and a
-- database set back to an older version (a test) runs this again.
`;

const COLUMNS: [table: string, column: string, declaration: string][] = [
  ['carrier_services', 'is_return', 'INTEGER NOT NULL DEFAULT 0'],
  ['shipments', 'return_of', 'INTEGER'],
  ['customs_declarations', 'sender_eori', "TEXT NOT NULL DEFAULT ''"],
  ['customs_declarations', 'sender_vat', "TEXT NOT NULL DEFAULT ''"],
  ['customs_declarations', 'sender_ioss', "TEXT NOT NULL DEFAULT ''"],
  ['customs_declarations', 'ioss_applied', 'INTEGER NOT NULL DEFAULT 0'],
];

export function addReturnColumns(db: Db): void {
  for (const [table, column, declaration] of COLUMNS) {
    const columns = db.prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)').all(table);
    if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${declaration}`);
  }
  // A shipment's returns, and the list of returns only: few rows, so a partial index.
  db.exec('CREATE INDEX IF NOT EXISTS shipments_by_return_of ON shipments (return_of) WHERE return_of IS NOT NULL');
}
