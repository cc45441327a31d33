/**
 * A sign-in made with an API key names the key, so that revoking the key ends every token
 * signed in with it. The key of a sign-in made before cannot be known: those sign-ins end
 * here, and their tools sign in again with their key (a revoked one is then refused).
 * IF NOT EXISTS: a database set back to an older version (a test) runs it again.
 */
export default /* sql */ `
ALTER TABLE sign_ins ADD COLUMN IF NOT EXISTS api_key_id bigint REFERENCES api_keys(id);
CREATE INDEX IF NOT EXISTS live_sign_ins_by_api_key ON sign_ins (api_key_id)
  WHERE api_key_id IS NOT NULL AND revoked_on IS NULL;
UPDATE sign_ins SET revoked_on = (extract(epoch FROM clock_timestamp()) * 1000)::bigint
  WHERE method = 'apikey' AND api_key_id IS NULL AND revoked_on IS NULL;
`;
