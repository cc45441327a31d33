import initial from './0001-initial';
import customsItems from './0002-customs-items';

/** Applied in order; schema_migrations records each one applied. */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'initial', sql: initial },
  { version: 2, name: 'customs-items', sql: customsItems },
];
