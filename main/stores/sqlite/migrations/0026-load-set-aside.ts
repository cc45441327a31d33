/**
 * What a bulk load into a desk with no shipments set aside (load-index.ts): the indexes and
 * triggers it dropped, as sqlite_master had them, until it puts them back. A load cut short
 * leaves them here, and the next open puts them back before anything else reads the file.
 */
export default /* sql */ `
CREATE TABLE IF NOT EXISTS load_set_aside (
  name TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  sql  TEXT NOT NULL
) STRICT;
`;
