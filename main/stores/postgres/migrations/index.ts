import type pg from 'pg';
import initial from './0001-initial';
import endOfDayManifests from './0002-end-of-day-manifests';
import batchImports from './0003-batch-imports';
import webhookOutbox from './0004-webhook-outbox';
import searchTerms, { backfillSearchTerms } from './0005-search-terms';
import addressBookPresets from './0006-address-book-presets';
import customsItems from './0007-customs-items';
import searchAnyOrder, { backfillSearchTerms as backfillAnyOrder } from './0008-search-any-order';
import batchStatusTotals from './0009-batch-status-totals';
import searchStatus, { afterCommit as searchStatusVacuum } from './0010-search-status';
import addressSearchFolded, { refoldAddressSearch } from './0011-address-search-folded';
import signInApiKey from './0012-sign-in-api-key';
import orders from './0013-orders';

/**
 * Applied in order; schema_migrations records each one applied. `backfill` runs after the
 * SQL, in the same transaction, for data only code can compute.
 */
export const MIGRATIONS: readonly {
  version: number;
  name: string;
  sql: string;
  backfill?: (client: pg.ClientBase) => Promise<void>;
  /** Run after the commit, outside any transaction (VACUUM). */
  afterCommit?: string;
}[] = [
  { version: 1, name: 'initial', sql: initial },
  { version: 2, name: 'end-of-day-manifests', sql: endOfDayManifests },
  { version: 3, name: 'batch-imports', sql: batchImports },
  { version: 4, name: 'webhook-outbox', sql: webhookOutbox },
  { version: 5, name: 'search-terms', sql: searchTerms, backfill: backfillSearchTerms },
  { version: 6, name: 'address-book-presets', sql: addressBookPresets },
  { version: 7, name: 'customs-items', sql: customsItems },
  { version: 8, name: 'search-any-order', sql: searchAnyOrder, backfill: backfillAnyOrder },
  { version: 9, name: 'batch-status-totals', sql: batchStatusTotals },
  { version: 10, name: 'search-status', sql: searchStatus, afterCommit: searchStatusVacuum },
  { version: 11, name: 'address-search-folded', sql: addressSearchFolded, backfill: refoldAddressSearch },
  { version: 12, name: 'sign-in-api-key', sql: signInApiKey },
  { version: 13, name: 'orders', sql: orders },
];
