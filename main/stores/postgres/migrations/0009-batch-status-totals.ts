/**
 * The list's day totals follow a status change once per statement, not once per row.
 * Marking an import's 10,000 shipments Printed in one UPDATE made 20,000 upserts of the
 * same few total rows in one transaction: each upsert walks the row's versions that
 * transaction already wrote, so the cost grew with the square of the batch (over the 10 s
 * statement limit at 10,000). A statement-level trigger sums the change per day, status and
 * stripe from its transition tables and writes each total row once, in key order (so two
 * desks' writes lock total rows in the same order). Inserts and deletes keep their row trigger.
 * IF EXISTS and OR REPLACE: a database set back to an older version (a test) runs it again.
 */
export default /* sql */ `
DROP TRIGGER IF EXISTS shipment_day_totals_update ON shipments;

CREATE OR REPLACE FUNCTION shipment_day_totals_follow_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shipment_day_totals AS t (day, status, stripe, items, pieces)
    SELECT day, status, stripe, sum(items), sum(pieces)
    FROM (
      SELECT created_on / 86400000 AS day, status, id % 4 AS stripe, -1 AS items, -piece_count AS pieces FROM old_rows
      UNION ALL
      SELECT created_on / 86400000, status, id % 4, 1, piece_count FROM new_rows
    ) AS change
    GROUP BY day, status, stripe
    HAVING sum(items) <> 0 OR sum(pieces) <> 0
    ORDER BY day, status, stripe
  ON CONFLICT (day, status, stripe) DO UPDATE SET items = t.items + excluded.items, pieces = t.pieces + excluded.pieces;
  RETURN NULL;
END
$$;

CREATE TRIGGER shipment_day_totals_update AFTER UPDATE ON shipments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shipment_day_totals_follow_update();
`;
