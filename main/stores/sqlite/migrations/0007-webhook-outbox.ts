/**
 * Webhooks and their outbox. A trigger on tracking_events fills the outbox in the very
 * transaction that records a change (a create's first event, a print, a cancel, a scan),
 * one row per subscription whose statuses include the event's: nothing is lost between
 * the change and its delivery, a restart included. Other events (a test) are enqueued
 * with a type and payload of their own.
 */
export default /* sql */ `
CREATE TABLE webhooks (
  id           INTEGER PRIMARY KEY,
  url          TEXT NOT NULL,
  secret       TEXT NOT NULL,
  events       TEXT NOT NULL,   -- JSON array of event types
  statuses     TEXT NOT NULL,   -- JSON array: the shipment statuses those events stand for
  allow_remote INTEGER NOT NULL,
  created_on   INTEGER NOT NULL,
  created_by   TEXT NOT NULL
) STRICT;

CREATE TABLE webhook_outbox (
  id                INTEGER PRIMARY KEY,
  webhook_id        INTEGER NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  tracking_event_id INTEGER REFERENCES tracking_events(id),
  type              TEXT,
  payload           TEXT,
  created_on        INTEGER NOT NULL,
  attempts          INTEGER NOT NULL DEFAULT 0,
  next_attempt_on   INTEGER NOT NULL,
  lease_until       INTEGER,
  last_attempt_on   INTEGER,
  last_status       INTEGER,
  last_error        TEXT NOT NULL DEFAULT '',
  delivered_on      INTEGER,
  failed_on         INTEGER
) STRICT;
CREATE INDEX webhook_outbox_due ON webhook_outbox (next_attempt_on) WHERE delivered_on IS NULL AND failed_on IS NULL;
CREATE INDEX webhook_outbox_by_webhook ON webhook_outbox (webhook_id, id);

CREATE TRIGGER tracking_events_to_webhook_outbox AFTER INSERT ON tracking_events
BEGIN
  INSERT INTO webhook_outbox (webhook_id, tracking_event_id, created_on, next_attempt_on)
  SELECT w.id, NEW.id, CAST(unixepoch('subsec') * 1000 AS INTEGER), 0
  FROM webhooks w
  WHERE EXISTS (SELECT 1 FROM json_each(w.statuses) WHERE json_each.value = NEW.status);
END;
`;
