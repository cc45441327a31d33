/**
 * A search's status filter without a probe per hit: each search term keeps its
 * shipment's status code (core/statuses.ts), changed with the status. Filled set-wise: the
 * codes of all shipments are read once from the small status index, then every term takes
 * its shipment's by id.
 */
import { statusCodeSql } from '../../shared/status-codes';

export default /* sql */ `
-- The default is only for the ALTER (SQLite needs one for NOT NULL): every write names the code.
ALTER TABLE shipment_search_terms ADD COLUMN status_code INTEGER NOT NULL DEFAULT 0;
CREATE TEMP TABLE search_status_codes (id INTEGER PRIMARY KEY, code INTEGER NOT NULL);
INSERT INTO temp.search_status_codes SELECT id, ${statusCodeSql('status')} FROM shipments;
UPDATE shipment_search_terms SET status_code = (SELECT code FROM temp.search_status_codes WHERE id = shipment_id);
DROP TABLE temp.search_status_codes;
`;
