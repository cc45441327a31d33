/**
 * The Orders list's totals by status, kept by the writes (shared/order-queries.ts): a plain
 * list reads a few rows here instead of counting every order at each request. Triggers, so
 * every write of an order keeps them in its own transaction. Counted again from the orders each
 * time it runs: a database set back and migrated again (a test) ends exact.
 */
export default /* sql */ `
CREATE TABLE IF NOT EXISTS order_status_totals (
  status TEXT PRIMARY KEY,
  items  INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

DELETE FROM order_status_totals;
INSERT INTO order_status_totals (status, items) SELECT status, count(*) FROM orders GROUP BY status;

CREATE TRIGGER IF NOT EXISTS order_status_totals_insert AFTER INSERT ON orders BEGIN
  INSERT INTO order_status_totals (status, items) VALUES (NEW.status, 1)
    ON CONFLICT (status) DO UPDATE SET items = items + 1;
END;

CREATE TRIGGER IF NOT EXISTS order_status_totals_update AFTER UPDATE OF status ON orders
WHEN OLD.status IS NOT NEW.status
BEGIN
  UPDATE order_status_totals SET items = items - 1 WHERE status = OLD.status;
  INSERT INTO order_status_totals (status, items) VALUES (NEW.status, 1)
    ON CONFLICT (status) DO UPDATE SET items = items + 1;
END;

CREATE TRIGGER IF NOT EXISTS order_status_totals_delete AFTER DELETE ON orders BEGIN
  UPDATE order_status_totals SET items = items - 1 WHERE status = OLD.status;
END;
`;
