/**
 * Every schema change, named once for both dialects, in the order they are applied. Each
 * dialect's migrations/index.ts gives each key its change, or null where that dialect has
 * nothing to do (a SQLite-only repacking, a PostgreSQL-only trigger). A dialect's version
 * numbers are its changes counted in this order, as each store records them: SQLite's
 * user_version, PostgreSQL's schema_migrations. Keys are only ever added at the end.
 */
export const MIGRATION_KEYS = [
  'initial',
  'list-totals',
  'compact-rows',
  'expiry-indexes',
  'end-of-day-manifests',
  'batch-imports',
  'webhook-outbox',
  'sign-in-limits',
  'search-terms',
  'address-book-presets',
  'customs-items',
  'search-any-order',
  'batch-status-totals',
  'search-status',
  'address-search-folded',
  'sign-in-api-key',
  'same-column-names',
  'audit-trail',
  'orders',
  'returns',
  'search-districts',
  'order-search-list-order',
  'event-status-codes',
  'no-reference-index',
  'event-texts',
  'order-status-totals',
  'load-set-aside',
  'search-list-order',
] as const;

export type MigrationKey = (typeof MIGRATION_KEYS)[number];

/** One dialect's migrations by key, as the list it applies: numbered, named by their key. */
export function numbered<M extends object>(
  byKey: Record<MigrationKey, M | null>,
): readonly (M & { version: number; name: MigrationKey })[] {
  const list: (M & { version: number; name: MigrationKey })[] = [];
  for (const name of MIGRATION_KEYS) {
    const migration = byKey[name];
    if (migration) list.push({ ...migration, version: list.length + 1, name });
  }
  return list;
}
