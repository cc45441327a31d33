/**
 * The Orders list's totals by status, kept by the writes (shared/order-queries.ts): a plain
 * list reads a few rows here instead of counting every order at each request.
 *
 * Statement-level triggers sum each statement's change per status from its transition tables
 * and write each total row once, in key order. Each transaction writes its own stripe (its
 * transaction id modulo 8), so desks shipping different orders at once seldom wait on one
 * total row, and a batch of 1,000 orders locks one row, not eight. A status's total is the sum
 * of its stripes, which may each go below zero. The totals are counted again from the orders
 * after the triggers exist (their lock holds other desks' order writes until the commit), so a
 * database set back and migrated again (a test) ends as exact as a new one.
 */
export default /* sql */ `
CREATE TABLE IF NOT EXISTS order_status_totals (
  status text NOT NULL,
  stripe smallint NOT NULL,
  items  bigint NOT NULL,
  PRIMARY KEY (status, stripe)
);

-- Transition tables exist only for their event: each branch names only its own (PL/pgSQL plans
-- a statement when it first runs). -1 for each row as it was, +1 for each as it is.
CREATE OR REPLACE FUNCTION order_status_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_status_totals AS t (status, stripe, items)
      SELECT status, (txid_current() % 8)::smallint, count(*) FROM new_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, stripe) DO UPDATE SET items = t.items + excluded.items;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_status_totals AS t (status, stripe, items)
      SELECT status, (txid_current() % 8)::smallint, -count(*) FROM old_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, stripe) DO UPDATE SET items = t.items + excluded.items;
  ELSE
    INSERT INTO order_status_totals AS t (status, stripe, items)
      SELECT status, (txid_current() % 8)::smallint, sum(n)
      FROM (SELECT status, -1 AS n FROM old_rows UNION ALL SELECT status, 1 FROM new_rows) AS change
      GROUP BY status HAVING sum(n) <> 0 ORDER BY status
    ON CONFLICT (status, stripe) DO UPDATE SET items = t.items + excluded.items;
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS order_status_totals_insert ON orders;
DROP TRIGGER IF EXISTS order_status_totals_update ON orders;
DROP TRIGGER IF EXISTS order_status_totals_delete ON orders;
CREATE TRIGGER order_status_totals_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_status_totals_follow();
CREATE TRIGGER order_status_totals_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_status_totals_follow();
CREATE TRIGGER order_status_totals_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_status_totals_follow();

DELETE FROM order_status_totals;
INSERT INTO order_status_totals (status, stripe, items) SELECT status, 0, count(*) FROM orders GROUP BY status;
`;
