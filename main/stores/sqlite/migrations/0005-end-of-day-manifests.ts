/**
 * End-of-day manifests (docs/contract.md §13). A shipment is on at most one manifest: the link's
 * key is the shipment, so no two closes can ever list it twice, whatever the code does.
 */
export default /* sql */ `
CREATE TABLE manifests (
  id              INTEGER PRIMARY KEY,
  manifest_number TEXT NOT NULL UNIQUE,
  carrier_id      INTEGER NOT NULL REFERENCES carriers(id),
  created_on      INTEGER NOT NULL,
  created_by      TEXT NOT NULL,
  shipment_count  INTEGER NOT NULL,
  piece_count     INTEGER NOT NULL,
  total_weight_kg REAL NOT NULL
) STRICT;
CREATE INDEX manifests_by_created ON manifests (created_on, id);
CREATE INDEX manifests_by_carrier_created ON manifests (carrier_id, created_on, id);

CREATE TABLE manifest_shipments (
  shipment_id INTEGER PRIMARY KEY REFERENCES shipments(id),
  manifest_id INTEGER NOT NULL REFERENCES manifests(id),
  position    INTEGER NOT NULL
) STRICT;
CREATE INDEX manifest_shipments_by_manifest ON manifest_shipments (manifest_id, position);
`;
