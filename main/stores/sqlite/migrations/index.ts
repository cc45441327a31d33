import { numbered } from '../../shared/migrations';
import type { Db } from '../database';
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
import customsItems from './0011-customs-items';
import searchAnyOrder, { backfillSearchTerms as backfillAnyOrder } from './0012-search-any-order';
import searchStatus from './0013-search-status';
import addressSearchFolded, { refoldAddressSearch } from './0014-address-search-folded';
import signInApiKey, { addSignInApiKey } from './0015-sign-in-api-key';
import sameColumnNames, { renameEventUser } from './0016-same-column-names';
import auditTrail from './0017-audit-trail';
import orders from './0018-orders';
import returns, { addReturnColumns } from './0019-returns';
import searchDistricts, { addDistrictTerms } from './0020-search-districts';
import orderSearchListOrder, { rebuildOrderSearchTerms } from './0021-order-search-list-order';
import eventStatusCodes, { eventStatusCodes as rebuildEvents } from './0022-event-status-codes';
import noReferenceIndex from './0023-no-reference-index';
import eventTexts, { eventTextIds } from './0024-event-texts';
import orderStatusTotals from './0025-order-status-totals';
import loadSetAside from './0026-load-set-aside';

/**
 * SQLite's change for each key (shared/migrations.ts), null where it has none; the
 * database's user_version is the number applied so far. `backfill` runs after the SQL, in
 * the same transaction, for data only code can compute. `rebuildsTables`: run with foreign
 * keys off, as SQLite's way to change a table others refer to asks (make it again, drop the
 * old, rename); the migration checks what refers to it before its transaction commits.
 */
export const MIGRATIONS = numbered<{ sql: string; backfill?: (db: Db) => void; rebuildsTables?: true }>({
  initial: { sql: initial },
  'list-totals': { sql: listTotals },
  'compact-rows': { sql: compactRows },
  'expiry-indexes': { sql: expiryIndexes },
  'end-of-day-manifests': { sql: endOfDayManifests },
  'batch-imports': { sql: batchImports },
  'webhook-outbox': { sql: webhookOutbox },
  'sign-in-limits': { sql: signInLimits },
  'search-terms': { sql: searchTerms, backfill: backfillSearchTerms },
  'address-book-presets': { sql: addressBookPresets },
  'customs-items': { sql: customsItems },
  'search-any-order': { sql: searchAnyOrder, backfill: backfillAnyOrder },
  // PostgreSQL's totals by status; SQLite's list-totals counted them so from the start.
  'batch-status-totals': null,
  'search-status': { sql: searchStatus },
  'address-search-folded': { sql: addressSearchFolded, backfill: refoldAddressSearch },
  'sign-in-api-key': { sql: signInApiKey, backfill: addSignInApiKey },
  'same-column-names': { sql: sameColumnNames, backfill: renameEventUser },
  'audit-trail': { sql: auditTrail },
  orders: { sql: orders },
  returns: { sql: returns, backfill: addReturnColumns },
  'search-districts': { sql: searchDistricts, backfill: addDistrictTerms },
  'order-search-list-order': { sql: orderSearchListOrder, backfill: rebuildOrderSearchTerms },
  'event-status-codes': { sql: eventStatusCodes, backfill: rebuildEvents, rebuildsTables: true },
  'no-reference-index': { sql: noReferenceIndex },
  'event-texts': { sql: eventTexts, backfill: eventTextIds, rebuildsTables: true },
  'order-status-totals': { sql: orderStatusTotals },
  'load-set-aside': { sql: loadSetAside },
  // SQLite's terms stay keyed (term, shipment_id): its common word is walked in list order fast enough.
  'search-list-order': null,
});
