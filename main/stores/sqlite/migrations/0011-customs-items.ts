/**
 * Customs declarations (docs/contract.md §17): an international shipment's contents type
 * and its items, one row each, written with the shipment. A domestic shipment has none.
 */
export default /* sql */ `
CREATE TABLE customs_declarations (
  shipment_id   INTEGER PRIMARY KEY REFERENCES shipments(id),
  contents_type TEXT NOT NULL
) STRICT;

CREATE TABLE customs_items (
  id               INTEGER PRIMARY KEY,
  shipment_id      INTEGER NOT NULL REFERENCES shipments(id),
  sequence_number  INTEGER NOT NULL,
  description      TEXT NOT NULL,
  quantity         INTEGER NOT NULL,
  unit_value_minor INTEGER NOT NULL,
  net_weight       REAL NOT NULL,
  weight_unit      TEXT NOT NULL,
  hs_code          TEXT NOT NULL,
  origin_country   TEXT NOT NULL,
  UNIQUE (shipment_id, sequence_number)
) STRICT;
`;
