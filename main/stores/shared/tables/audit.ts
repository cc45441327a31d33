/** The audit trail (docs/contract.md §22): who did what, when, through which door and key. */
import { bigint, json, table, text } from '../columns';

export const auditEvents = table(
  'audit_events',
  {
    id: bigint('id'),
    at: bigint('at'),
    username: text('username'),
    via: text('via'),
    apiKey: text.orNull('api_key'),
    kind: text('kind'),
    subject: text('subject'),
    /** Before → after and the like, secrets left out: JSON text in SQLite, jsonb in PostgreSQL. */
    detail: json('detail'),
  },
  { identity: true },
);

/** An entry as the contract has it: all but its id. */
export const AUDIT_FIELDS = ['at', 'username', 'via', 'apiKey', 'kind', 'subject', 'detail'] as const;
