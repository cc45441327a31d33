/**
 * An order's search terms keep its created_on and status beside them, keyed (term, created_on,
 * order_id): a common word or SKU is counted from its terms alone and paged in the list's
 * order without sorting every hit (shared/order-queries.ts). The table is made again, filled
 * from the terms and their orders; a database that has it already is left as it is.
 */
import type { Db } from '../database';

export default /* sql */ `
-- The rebuild is rebuildOrderSearchTerms: it runs only where the terms lack their status.
`;

export function rebuildOrderSearchTerms(db: Db): void {
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(order_search_terms)').all();
  if (columns.some((c) => c.name === 'status')) return;
  db.exec(`
    CREATE TABLE order_search_terms_listed (
      term       TEXT NOT NULL,
      created_on INTEGER NOT NULL,
      order_id   INTEGER NOT NULL REFERENCES orders(id),
      status     TEXT NOT NULL,
      PRIMARY KEY (term, created_on, order_id)
    ) STRICT, WITHOUT ROWID;
    INSERT INTO order_search_terms_listed (term, created_on, order_id, status)
      SELECT t.term, o.created_on, t.order_id, o.status FROM order_search_terms t JOIN orders o ON o.id = t.order_id;
    DROP TABLE order_search_terms;
    ALTER TABLE order_search_terms_listed RENAME TO order_search_terms;
    -- A probe of one order's terms (a name's other words) and the rewrite of its terms.
    CREATE INDEX order_search_terms_by_order ON order_search_terms (order_id, term);
  `);
}
