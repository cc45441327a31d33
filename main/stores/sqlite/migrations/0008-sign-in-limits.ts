/**
 * Sliding-window limits (sign-in failures, public tracking) in the database, as on
 * PostgreSQL: `cli unlock-user`, a process of its own, can then lift a lock that a running
 * station counts. They had been in the station's memory.
 */
export default /* sql */ `
CREATE TABLE limit_hits (
  key TEXT NOT NULL,
  at  INTEGER NOT NULL
);
CREATE INDEX limit_hits_by_key ON limit_hits (key, at);
`;
