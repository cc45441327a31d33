/**
 * List performance at a million shipments: totals from a per-(UTC day, status)
 * aggregate kept in step by triggers, and list indexes that also cover piece_count.
 */
export default /* sql */ `
-- Counts and piece sums per UTC day (created_on / 86400000) and status: a total over
-- whole days reads at most a few thousand rows of this instead of every shipment.
CREATE TABLE shipment_day_totals (
  day    INTEGER NOT NULL,
  status TEXT NOT NULL,
  items  INTEGER NOT NULL,
  pieces INTEGER NOT NULL,
  PRIMARY KEY (day, status)
) STRICT, WITHOUT ROWID;

INSERT INTO shipment_day_totals (day, status, items, pieces)
  SELECT created_on / 86400000, status, count(*), sum(piece_count) FROM shipments GROUP BY 1, 2;

-- Triggers, so every write path (create, label, cancel, scans, demo data) keeps the
-- aggregate in the same transaction as the row, with no code path able to forget it.
CREATE TRIGGER shipment_day_totals_insert AFTER INSERT ON shipments BEGIN
  INSERT INTO shipment_day_totals (day, status, items, pieces)
    VALUES (NEW.created_on / 86400000, NEW.status, 1, NEW.piece_count)
    ON CONFLICT (day, status) DO UPDATE SET items = items + 1, pieces = pieces + excluded.pieces;
END;

CREATE TRIGGER shipment_day_totals_update AFTER UPDATE OF status, created_on, piece_count ON shipments
WHEN OLD.status IS NOT NEW.status OR OLD.created_on IS NOT NEW.created_on OR OLD.piece_count IS NOT NEW.piece_count
BEGIN
  UPDATE shipment_day_totals SET items = items - 1, pieces = pieces - OLD.piece_count
    WHERE day = OLD.created_on / 86400000 AND status = OLD.status;
  INSERT INTO shipment_day_totals (day, status, items, pieces)
    VALUES (NEW.created_on / 86400000, NEW.status, 1, NEW.piece_count)
    ON CONFLICT (day, status) DO UPDATE SET items = items + 1, pieces = pieces + excluded.pieces;
END;

CREATE TRIGGER shipment_day_totals_delete AFTER DELETE ON shipments BEGIN
  UPDATE shipment_day_totals SET items = items - 1, pieces = pieces - OLD.piece_count
    WHERE day = OLD.created_on / 86400000 AND status = OLD.status;
END;

-- Same order as before (id is unique, so (created_on, id) order is unchanged) plus
-- piece_count: the exact totals of partial boundary days never touch a table row.
DROP INDEX shipments_by_created;
DROP INDEX shipments_by_status_created;
CREATE INDEX shipments_by_created ON shipments (created_on, id, piece_count);
CREATE INDEX shipments_by_status_created ON shipments (status, created_on, id, piece_count);
`;
