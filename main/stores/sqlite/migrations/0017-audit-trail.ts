/**
 * The audit trail (docs/contract.md §22): who did what, when, through which door and key. Listed
 * newest first, filtered by user or kind; a shipment's prints are found by its number.
 */
export default /* sql */ `
CREATE TABLE IF NOT EXISTS audit_events (
  id       INTEGER PRIMARY KEY,
  at       INTEGER NOT NULL,
  username TEXT NOT NULL,
  via      TEXT NOT NULL,
  api_key  TEXT,
  kind     TEXT NOT NULL,
  subject  TEXT NOT NULL,
  detail   TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS audit_events_by_at ON audit_events (at, id);
CREATE INDEX IF NOT EXISTS audit_events_by_user ON audit_events (lower(username), at);
CREATE INDEX IF NOT EXISTS audit_events_by_subject ON audit_events (subject, kind);
`;
