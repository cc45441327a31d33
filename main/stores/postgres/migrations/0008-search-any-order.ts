/**
 * A name's words in any order, as SQLite's migration 12: each shipment gains
 * the pair terms of its names and the correction terms that keep a prefix range's totals
 * exact (core/search.ts), added for the shipments made before.
 */
import { backfillSearchTerms } from './0005-search-terms';

// The backfill adds rows; the planner then knows the index's new size.
export default /* sql */ `ANALYZE shipment_search_terms`;

export { backfillSearchTerms };
