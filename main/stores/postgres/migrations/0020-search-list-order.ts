/**
 * The search terms keyed (term, created_on, shipment_id), as the orders' are: one term's hits
 * are one range of the key in the list's order, so a common word's page reads its range from
 * the list's end and stops at the page (shared/list-queries.ts), where a key by shipment made
 * it walk the shipments and probe each. Only the key's index is built again: the rows stay.
 * A database keyed so already is left as it is.
 */
export default /* sql */ `
-- The sort of ten index entries a shipment in memory rather than in temporary files.
SET LOCAL maintenance_work_mem = '256MB';
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint
                  WHERE conname = 'shipment_search_terms_pkey' AND conrelid = 'shipment_search_terms'::regclass
                    AND pg_get_constraintdef(oid) LIKE 'PRIMARY KEY (term, created_on, shipment_id)%') THEN
    ALTER TABLE shipment_search_terms
      DROP CONSTRAINT shipment_search_terms_pkey,
      ADD CONSTRAINT shipment_search_terms_pkey PRIMARY KEY (term, created_on, shipment_id) INCLUDE (piece_count, status_code);
  END IF;
END $$;
ANALYZE shipment_search_terms;
`;
