import initial from './0001-initial';

/** Applied in order; schema_migrations records each one applied. */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'initial', sql: initial },
];
