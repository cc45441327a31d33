import initial from './0001-initial';
import webhookOutbox from './0002-webhook-outbox';

/** Applied in order; schema_migrations records each one applied. */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'initial', sql: initial },
  { version: 2, name: 'webhook-outbox', sql: webhookOutbox },
];
