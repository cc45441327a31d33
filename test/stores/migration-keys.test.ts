/**
 * Migrations are named by one key in both dialects (main/stores/shared/migrations.ts), and
 * each dialect numbers its own changes in the keys' order: the numbers existing databases
 * already record (SQLite's user_version, PostgreSQL's schema_migrations) must not move.
 */
import { describe, expect, it } from 'vitest';
import { MIGRATIONS as POSTGRES } from '../../main/stores/postgres/migrations';
import { MIGRATIONS as SQLITE } from '../../main/stores/sqlite/migrations';

const numbered = (list: readonly { version: number; name: string }[]) => list.map((m) => `${m.version} ${m.name}`);

describe('migration keys', () => {
  it('keep the numbers SQLite databases have recorded', () => {
    expect(numbered(SQLITE).slice(0, 15)).toEqual([
      '1 initial',
      '2 list-totals',
      '3 compact-rows',
      '4 expiry-indexes',
      '5 end-of-day-manifests',
      '6 batch-imports',
      '7 webhook-outbox',
      '8 sign-in-limits',
      '9 search-terms',
      '10 address-book-presets',
      '11 customs-items',
      '12 search-any-order',
      '13 search-status',
      '14 address-search-folded',
      '15 sign-in-api-key',
    ]);
  });

  it('keep the numbers PostgreSQL databases have recorded', () => {
    expect(numbered(POSTGRES).slice(0, 12)).toEqual([
      '1 initial',
      '2 end-of-day-manifests',
      '3 batch-imports',
      '4 webhook-outbox',
      '5 search-terms',
      '6 address-book-presets',
      '7 customs-items',
      '8 search-any-order',
      '9 batch-status-totals',
      '10 search-status',
      '11 address-search-folded',
      '12 sign-in-api-key',
    ]);
  });
});
