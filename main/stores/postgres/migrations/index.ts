import initial from './0001-initial';
import endOfDayManifests from './0002-end-of-day-manifests';
import batchImports from './0003-batch-imports';
import webhookOutbox from './0004-webhook-outbox';

/** Applied in order; schema_migrations records each one applied. */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'initial', sql: initial },
  { version: 2, name: 'end-of-day-manifests', sql: endOfDayManifests },
  { version: 3, name: 'batch-imports', sql: batchImports },
  { version: 4, name: 'webhook-outbox', sql: webhookOutbox },
];
