/**
 * Housekeeping that stays cheap however long a station runs: what expires (tokens,
 * idempotency keys) is found by an index on its time, so pruning reads only what it
 * deletes, and revoking a user's sign-ins reads only that user's live ones. Before, each
 * sign-in scanned every token, and the startup prune every idempotency key ever kept.
 */
export default /* sql */ `
CREATE INDEX tokens_by_expiry ON tokens (expires_on);
CREATE INDEX idempotency_keys_by_created ON idempotency_keys (created_on);
CREATE INDEX live_sign_ins_by_user ON sign_ins (user_id) WHERE revoked_on IS NULL;
`;
