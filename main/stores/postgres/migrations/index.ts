import type pg from 'pg';
import { numbered } from '../../shared/migrations';
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
import auditTrail from './0013-audit-trail';
import orders from './0014-orders';
import returns from './0015-returns';
import searchDistricts, { addDistrictTerms } from './0016-search-districts';
import orderSearchListOrder, { afterCommit as orderSearchVacuum } from './0017-order-search-list-order';
import noReferenceIndex from './0018-no-reference-index';
import orderStatusTotals from './0019-order-status-totals';
import searchListOrder from './0020-search-list-order';

/**
 * PostgreSQL's change for each key (shared/migrations.ts), null where it has none;
 * schema_migrations records each one applied. `backfill` runs after the SQL, in the same
 * transaction, for data only code can compute.
 */
export const MIGRATIONS = numbered<{
  sql: string;
  backfill?: (client: pg.ClientBase) => Promise<void>;
  /** Run after the commit, outside any transaction (VACUUM). */
  afterCommit?: string;
}>({
  initial: { sql: initial },
  // The initial schema has the day totals, the compact addresses (jsonb) and the expiry
  // indexes SQLite added after its first release; the limits were always in a table.
  'list-totals': null,
  'compact-rows': null,
  'expiry-indexes': null,
  'end-of-day-manifests': { sql: endOfDayManifests },
  'batch-imports': { sql: batchImports },
  'webhook-outbox': { sql: webhookOutbox },
  'sign-in-limits': null,
  'search-terms': { sql: searchTerms, backfill: backfillSearchTerms },
  'address-book-presets': { sql: addressBookPresets },
  'customs-items': { sql: customsItems },
  'search-any-order': { sql: searchAnyOrder, backfill: backfillAnyOrder },
  'batch-status-totals': { sql: batchStatusTotals },
  'search-status': { sql: searchStatus, afterCommit: searchStatusVacuum },
  'address-search-folded': { sql: addressSearchFolded, backfill: refoldAddressSearch },
  'sign-in-api-key': { sql: signInApiKey },
  // tracking_events.user_name was always so named here.
  'same-column-names': null,
  'audit-trail': { sql: auditTrail },
  orders: { sql: orders },
  returns: { sql: returns },
  'search-districts': { sql: searchDistricts, backfill: addDistrictTerms },
  'order-search-list-order': { sql: orderSearchListOrder, afterCommit: orderSearchVacuum },
  // A tracking event's status stays its name: PostgreSQL's bytes are not the desk's file.
  'event-status-codes': null,
  'no-reference-index': { sql: noReferenceIndex },
  // An event's texts stay texts, as its status stays its name.
  'event-texts': null,
  'order-status-totals': { sql: orderStatusTotals },
  // A load into PostgreSQL sets its indexes aside inside its one transaction (bulk-load.ts): nothing to keep.
  'load-set-aside': null,
  'search-list-order': { sql: searchListOrder },
});
