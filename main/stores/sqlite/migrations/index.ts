import initial from './0001-initial';
import listTotals from './0002-list-totals';
import compactRows from './0003-compact-rows';
import expiryIndexes from './0004-expiry-indexes';
import customsItems from './0005-customs-items';

/** Applied in order; the database's user_version is the number applied so far. */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'initial', sql: initial },
  { version: 2, name: 'list-totals', sql: listTotals },
  { version: 3, name: 'compact-rows', sql: compactRows },
  { version: 4, name: 'expiry-indexes', sql: expiryIndexes },
  { version: 5, name: 'customs-items', sql: customsItems },
];
