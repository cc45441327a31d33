/**
 * Batch imports (docs/contract.md §14): each import's answer, found again by id or by its
 * Idempotency-Key; and shipments found by their first reference, which an import checks
 * for every row.
 */
export default /* sql */ `
CREATE TABLE imports (
  id              INTEGER PRIMARY KEY,
  user_id         INTEGER NOT NULL REFERENCES users(id),
  idempotency_key TEXT,
  file_hash       BLOB NOT NULL,
  created_on      INTEGER NOT NULL,
  result          TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX imports_by_key ON imports (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX shipments_by_reference_one ON shipments (reference_one) WHERE reference_one <> '';
`;
