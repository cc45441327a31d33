/**
 * Returns (docs/contract.md §23): a carrier's return services are marked, and a return names
 * the shipment it returns. A customs declaration keeps the sender's EORI, VAT and IOSS numbers
 * and whether it was declared under the IOSS number (docs/contract.md §17).
 * IF NOT EXISTS: a database set back to an older version (a test) runs it again.
 */
export default /* sql */ `
ALTER TABLE carrier_services ADD COLUMN IF NOT EXISTS is_return boolean NOT NULL DEFAULT false;
ALTER TABLE shipments ADD COLUMN IF NOT EXISTS return_of bigint;
ALTER TABLE customs_declarations ADD COLUMN IF NOT EXISTS sender_eori text NOT NULL DEFAULT '';
ALTER TABLE customs_declarations ADD COLUMN IF NOT EXISTS sender_vat text NOT NULL DEFAULT '';
ALTER TABLE customs_declarations ADD COLUMN IF NOT EXISTS sender_ioss text NOT NULL DEFAULT '';
ALTER TABLE customs_declarations ADD COLUMN IF NOT EXISTS ioss_applied boolean NOT NULL DEFAULT false;
-- A shipment's returns, and the list of returns only: few rows, so a partial index.
CREATE INDEX IF NOT EXISTS shipments_by_return_of ON shipments (return_of) WHERE return_of IS NOT NULL;
`;
