/**
 * A name's words in any order: each shipment gains the pair terms of its names
 * and the correction terms that keep a prefix range's totals exact (core/search.ts). No
 * table changes: the terms are added to the search index for the shipments made before.
 */
import { backfillSearchTerms } from './0009-search-terms';

export default /* sql */ `
-- Only the backfill: every shipment's terms again, the ones it has already ignored.
`;

export { backfillSearchTerms };
