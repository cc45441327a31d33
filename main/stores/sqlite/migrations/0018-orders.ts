/**
 * Orders waiting to be shipped (docs/contract.md §18): the order, its items, its search terms (as
 * a shipment's, plus order number and SKU), the shipments made from it, and the answers
 * of keyed POST /orders requests. IF NOT EXISTS: a database set back runs it again.
 */
export default /* sql */ `
CREATE TABLE IF NOT EXISTS orders (
  id                    INTEGER PRIMARY KEY,
  uuid                  TEXT NOT NULL UNIQUE,
  order_number          TEXT NOT NULL,
  -- Unique ignoring case: lower-cased by the store.
  order_number_key      TEXT NOT NULL UNIQUE,
  channel               TEXT NOT NULL,
  order_date            INTEGER,
  created_on            INTEGER NOT NULL,
  updated_on            INTEGER NOT NULL,
  status                TEXT NOT NULL CHECK (status IN ('Awaiting', 'On Hold', 'Shipped', 'Cancelled')),
  delivery_address      TEXT NOT NULL,
  collection_address    TEXT,
  currency              TEXT NOT NULL,
  reference_one         TEXT NOT NULL,
  reference_two         TEXT NOT NULL,
  reference_three       TEXT NOT NULL,
  delivery_instructions TEXT NOT NULL,
  notes                 TEXT NOT NULL,
  requested_service     TEXT NOT NULL,
  tags                  TEXT NOT NULL,
  package               TEXT,
  item_count            INTEGER NOT NULL,
  total_weight_kg       REAL NOT NULL,
  total_value_minor     INTEGER NOT NULL,
  shipment_id           INTEGER REFERENCES shipments(id),
  created_by            INTEGER
) STRICT;
CREATE INDEX IF NOT EXISTS orders_by_created ON orders (created_on, id);
CREATE INDEX IF NOT EXISTS orders_by_status ON orders (status, created_on, id);
CREATE INDEX IF NOT EXISTS orders_by_shipment ON orders (shipment_id) WHERE shipment_id IS NOT NULL;

CREATE TABLE IF NOT EXISTS order_items (
  order_id         INTEGER NOT NULL REFERENCES orders(id),
  sequence_number  INTEGER NOT NULL,
  sku              TEXT NOT NULL,
  description      TEXT NOT NULL,
  quantity         INTEGER NOT NULL,
  unit_value_minor INTEGER NOT NULL,
  unit_weight      REAL NOT NULL,
  weight_unit      TEXT NOT NULL,
  hs_code          TEXT NOT NULL,
  origin_country   TEXT NOT NULL,
  PRIMARY KEY (order_id, sequence_number)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS order_search_terms (
  term     TEXT NOT NULL,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  PRIMARY KEY (term, order_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS order_search_terms_by_order ON order_search_terms (order_id);

-- Every shipment made from an order, cancelled ones too: the shipment's detail names its order.
CREATE TABLE IF NOT EXISTS order_shipments (
  shipment_id INTEGER PRIMARY KEY REFERENCES shipments(id),
  order_id    INTEGER NOT NULL REFERENCES orders(id),
  rule_name   TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS order_requests (
  user_id      INTEGER NOT NULL,
  key          TEXT NOT NULL,
  request_hash BLOB NOT NULL,
  answer       TEXT NOT NULL,
  created_on   INTEGER NOT NULL,
  PRIMARY KEY (user_id, key)
) STRICT;
CREATE INDEX IF NOT EXISTS order_requests_by_created ON order_requests (created_on);
`;
