import initial from './0001-initial';
import listTotals from './0002-list-totals';
import compactRows from './0003-compact-rows';
import expiryIndexes from './0004-expiry-indexes';
import endOfDayManifests from './0005-end-of-day-manifests';
import batchImports from './0006-batch-imports';
import webhookOutbox from './0007-webhook-outbox';
import signInLimits from './0008-sign-in-limits';
import searchTerms, { backfillSearchTerms } from './0009-search-terms';
import addressBookPresets from './0010-address-book-presets';
import type { Db } from '../database';
import customsItems from './0011-customs-items';
import searchAnyOrder, { backfillSearchTerms as backfillAnyOrder } from './0012-search-any-order';
import searchStatus from './0013-search-status';
import addressSearchFolded, { refoldAddressSearch } from './0014-address-search-folded';
import signInApiKey, { addSignInApiKey } from './0015-sign-in-api-key';
import orders from './0016-orders';

/**
 * Applied in order; the database's user_version is the number applied so far. `backfill`
 * runs after the SQL, in the same transaction, for data only code can compute.
 */
export const MIGRATIONS: readonly { version: number; name: string; sql: string; backfill?: (db: Db) => void }[] = [
  { version: 1, name: 'initial', sql: initial },
  { version: 2, name: 'list-totals', sql: listTotals },
  { version: 3, name: 'compact-rows', sql: compactRows },
  { version: 4, name: 'expiry-indexes', sql: expiryIndexes },
  { version: 5, name: 'end-of-day-manifests', sql: endOfDayManifests },
  { version: 6, name: 'batch-imports', sql: batchImports },
  { version: 7, name: 'webhook-outbox', sql: webhookOutbox },
  { version: 8, name: 'sign-in-limits', sql: signInLimits },
  { version: 9, name: 'search-terms', sql: searchTerms, backfill: backfillSearchTerms },
  { version: 10, name: 'address-book-presets', sql: addressBookPresets },
  { version: 11, name: 'customs-items', sql: customsItems },
  { version: 12, name: 'search-any-order', sql: searchAnyOrder, backfill: backfillAnyOrder },
  { version: 13, name: 'search-status', sql: searchStatus },
  { version: 14, name: 'address-search-folded', sql: addressSearchFolded, backfill: refoldAddressSearch },
  { version: 15, name: 'sign-in-api-key', sql: signInApiKey, backfill: addSignInApiKey },
  { version: 16, name: 'orders', sql: orders },
];
