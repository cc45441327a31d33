/**
 * An order's search terms keep its created_on and status beside them, as SQLite's migration of
 * the same name: keyed (term, created_on, order_id) with the status in the key's INCLUDE, so a
 * common word or SKU is counted index-only and paged in the list's order without a sort. The
 * table is made again, its rows in the key's order; a database that has it already is left.
 */
export default /* sql */ `
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns
                 WHERE table_schema = current_schema() AND table_name = 'order_search_terms' AND column_name = 'status') THEN
    CREATE TABLE order_search_terms_listed (
      term       text COLLATE "C" NOT NULL,
      created_on bigint NOT NULL,
      order_id   bigint NOT NULL,
      status     text NOT NULL
    );
    INSERT INTO order_search_terms_listed
      SELECT t.term, o.created_on, t.order_id, o.status FROM order_search_terms t JOIN orders o ON o.id = t.order_id
      ORDER BY t.term, o.created_on, t.order_id;
    DROP TABLE order_search_terms;
    ALTER TABLE order_search_terms_listed RENAME TO order_search_terms;
    ALTER TABLE order_search_terms
      ADD CONSTRAINT order_search_terms_pkey PRIMARY KEY (term, created_on, order_id) INCLUDE (status),
      ADD CONSTRAINT order_search_terms_order_id_fkey FOREIGN KEY (order_id) REFERENCES orders(id);
    -- A probe of one order's terms (a name's other words) and the rewrite of its terms.
    CREATE INDEX order_search_terms_by_order ON order_search_terms (order_id, term);
  END IF;
END $$;
ANALYZE order_search_terms;
`;

/** After the commit: a new table's pages are all-visible only once vacuumed, and index-only scans need that. */
export const afterCommit = 'VACUUM order_search_terms';
