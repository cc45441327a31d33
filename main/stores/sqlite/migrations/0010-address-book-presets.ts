/**
 * The address book and package presets (docs/contract.md §14). Saved addresses shared by the desk. A book
 * holds thousands, not millions: a search reads them all (the folded search_text), and the
 * order is by an index.
 */
export default /* sql */ `
CREATE TABLE saved_addresses (
  id          INTEGER PRIMARY KEY,
  kind        TEXT NOT NULL CHECK (kind IN ('delivery', 'collection')),
  nickname    TEXT NOT NULL,
  address     TEXT NOT NULL,
  search_text TEXT NOT NULL,
  sort_key    TEXT NOT NULL,
  updated_on  INTEGER NOT NULL
) STRICT;
CREATE INDEX saved_addresses_by_sort_key ON saved_addresses (sort_key, id);

-- A box the desk ships often: its dimensions, and its usual weight if it has one.
CREATE TABLE package_presets (
  id             INTEGER PRIMARY KEY,
  name           TEXT NOT NULL,
  length         REAL NOT NULL,
  width          REAL NOT NULL,
  height         REAL NOT NULL,
  dimension_unit TEXT NOT NULL,
  weight         REAL,
  weight_unit    TEXT NOT NULL,
  description    TEXT NOT NULL,
  updated_on     INTEGER NOT NULL
) STRICT;
`;
