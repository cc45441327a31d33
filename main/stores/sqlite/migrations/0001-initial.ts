/**
 * The first schema. Shipped migrations are never edited: a change is a new numbered file.
 * Times are integer milliseconds since the epoch (UTC); money is integer minor units.
 */
export default /* sql */ `
CREATE TABLE carriers (
  id              INTEGER PRIMARY KEY,
  code            TEXT NOT NULL UNIQUE,
  name            TEXT NOT NULL,
  tracking_prefix TEXT NOT NULL UNIQUE CHECK (length(tracking_prefix) = 2)
) STRICT;

CREATE TABLE carrier_services (
  id                INTEGER PRIMARY KEY,
  carrier_id        INTEGER NOT NULL REFERENCES carriers(id),
  system_name       TEXT NOT NULL,
  name              TEXT NOT NULL,
  unique_identifier TEXT NOT NULL UNIQUE,
  service_code      TEXT NOT NULL,
  max_weight_kg     REAL NOT NULL,
  max_length_cm     REAL NOT NULL,
  scope             TEXT NOT NULL CHECK (scope IN ('domestic', 'international', 'both')),
  UNIQUE (carrier_id, service_code)
) STRICT;

CREATE TABLE carrier_features (
  id         INTEGER PRIMARY KEY,
  carrier_id INTEGER NOT NULL REFERENCES carriers(id),
  name       TEXT NOT NULL,
  code       TEXT NOT NULL,
  UNIQUE (carrier_id, code)
) STRICT;

-- Sequences that must never hand out a number twice (shipment numbers, S10 serials).
CREATE TABLE counters (
  name  TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) STRICT;

CREATE TABLE users (
  id            INTEGER PRIMARY KEY,
  username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  role          TEXT NOT NULL CHECK (role IN ('admin', 'operator')),
  disabled      INTEGER NOT NULL DEFAULT 0,
  created_on    INTEGER NOT NULL
) STRICT;

CREATE TABLE api_keys (
  id           INTEGER PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users(id),
  name         TEXT NOT NULL,
  prefix       TEXT NOT NULL,
  key_hash     BLOB NOT NULL UNIQUE,
  created_on   INTEGER NOT NULL,
  last_used_on INTEGER,
  revoked_on   INTEGER
) STRICT;

-- One row per sign-in: every token refreshed from it belongs to the same family,
-- so a reused refresh token can revoke them all.
CREATE TABLE sign_ins (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id),
  method     TEXT NOT NULL,
  created_on INTEGER NOT NULL,
  revoked_on INTEGER
) STRICT;

CREATE TABLE tokens (
  hash       BLOB PRIMARY KEY,
  sign_in_id INTEGER NOT NULL REFERENCES sign_ins(id),
  kind       TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
  expires_on INTEGER NOT NULL,
  used_on    INTEGER
) STRICT, WITHOUT ROWID;
CREATE INDEX tokens_by_sign_in ON tokens (sign_in_id);

CREATE TABLE shipments (
  id                    INTEGER PRIMARY KEY,
  uuid                  TEXT NOT NULL UNIQUE,
  shipment_number       TEXT NOT NULL UNIQUE,
  created_on            INTEGER NOT NULL,
  despatch_date         INTEGER NOT NULL,
  carrier_id            INTEGER NOT NULL REFERENCES carriers(id),
  carrier_service_id    INTEGER NOT NULL REFERENCES carrier_services(id),
  features              TEXT NOT NULL,
  collection_address    TEXT NOT NULL,
  delivery_address      TEXT NOT NULL,
  -- Derived once at creation so the list never parses addresses.
  shipper               TEXT NOT NULL,
  delivery_line         TEXT NOT NULL,
  delivery_postcode_key TEXT NOT NULL,
  goods_description     TEXT NOT NULL,
  delivery_instructions TEXT NOT NULL,
  hs_code               TEXT NOT NULL,
  description_of_goods  TEXT NOT NULL,
  reference_one         TEXT NOT NULL,
  reference_two         TEXT NOT NULL,
  reference_three       TEXT NOT NULL,
  cost_minor            INTEGER NOT NULL,
  insured_minor         INTEGER NOT NULL,
  currency              TEXT NOT NULL,
  piece_count           INTEGER NOT NULL,
  total_weight          REAL NOT NULL,
  weight_unit           TEXT NOT NULL,
  -- The latest tracking event, kept in step with tracking_events for the list.
  status                TEXT NOT NULL,
  status_description    TEXT NOT NULL,
  status_on             INTEGER NOT NULL,
  status_location       TEXT NOT NULL,
  status_signatory      TEXT NOT NULL,
  created_by            INTEGER REFERENCES users(id)
) STRICT;
-- One index per list filter shape: date order alone, and status then date.
CREATE INDEX shipments_by_created ON shipments (created_on, id);
CREATE INDEX shipments_by_status_created ON shipments (status, created_on, id);

CREATE TABLE pieces (
  id              INTEGER PRIMARY KEY,
  shipment_id     INTEGER NOT NULL REFERENCES shipments(id),
  sequence_number INTEGER NOT NULL,
  description     TEXT NOT NULL,
  weight          REAL NOT NULL,
  weight_unit     TEXT NOT NULL,
  length          REAL NOT NULL,
  width           REAL NOT NULL,
  height          REAL NOT NULL,
  dimension_unit  TEXT NOT NULL,
  tracking_number TEXT NOT NULL UNIQUE,
  UNIQUE (shipment_id, sequence_number)
) STRICT;

CREATE TABLE tracking_events (
  id                  INTEGER PRIMARY KEY,
  shipment_id         INTEGER NOT NULL REFERENCES shipments(id),
  status              TEXT NOT NULL,
  description         TEXT NOT NULL,
  location            TEXT NOT NULL,
  signatory           TEXT NOT NULL,
  signatory_file_name TEXT NOT NULL,
  latitude            REAL,
  longitude           REAL,
  depot_id            INTEGER,
  tracking_number     TEXT NOT NULL,
  user                TEXT NOT NULL,
  occurred_on         INTEGER NOT NULL
) STRICT;
CREATE INDEX tracking_events_by_shipment ON tracking_events (shipment_id, occurred_on, id);

CREATE TABLE idempotency_keys (
  user_id      INTEGER NOT NULL REFERENCES users(id),
  key          TEXT NOT NULL,
  request_hash BLOB NOT NULL,
  shipment_id  INTEGER NOT NULL REFERENCES shipments(id),
  created_on   INTEGER NOT NULL,
  PRIMARY KEY (user_id, key)
) STRICT;

CREATE TABLE settings (
  name  TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;
`;
