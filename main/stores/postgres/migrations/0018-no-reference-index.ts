/**
 * A batch's references already shipped are found through the search terms (each reference
 * has one), so the index that found them by reference_one goes: ~20 bytes a shipment, and
 * one index entry less for each create with a reference.
 */
export default /* sql */ `
DROP INDEX IF EXISTS shipments_by_reference_one;
`;
