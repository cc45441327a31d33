import type pg from 'pg';
import initial from './0001-initial';
import searchTerms, { backfillSearchTerms } from './0002-search-terms';
import addressBookPresets from './0003-address-book-presets';

/**
 * Applied in order; schema_migrations records each one applied. `backfill` runs after the
 * SQL, in the same transaction, for data only code can compute.
 */
export const MIGRATIONS: readonly {
  version: number;
  name: string;
  sql: string;
  backfill?: (client: pg.ClientBase) => Promise<void>;
}[] = [
  { version: 1, name: 'initial', sql: initial },
  { version: 2, name: 'search-terms', sql: searchTerms, backfill: backfillSearchTerms },
  { version: 3, name: 'address-book-presets', sql: addressBookPresets },
];
