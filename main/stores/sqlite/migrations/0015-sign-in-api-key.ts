/**
 * A sign-in made with an API key names the key, so that revoking the key ends every token
 * signed in with it. The key of a sign-in made before cannot be known: those sign-ins end
 * here, and their tools sign in again with their key (a revoked one is then refused).
 */
import type { Db } from '../database';

export default /* sql */ `
-- The column is added by addSignInApiKey: SQLite has no ADD COLUMN IF NOT EXISTS, and a
-- database set back to an older version (a test) runs this again.
`;

export function addSignInApiKey(db: Db): void {
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(sign_ins)').all();
  if (!columns.some((c) => c.name === 'api_key_id')) {
    db.exec('ALTER TABLE sign_ins ADD COLUMN api_key_id INTEGER REFERENCES api_keys(id)');
  }
  db.exec(`
    CREATE INDEX IF NOT EXISTS live_sign_ins_by_api_key ON sign_ins (api_key_id)
      WHERE api_key_id IS NOT NULL AND revoked_on IS NULL;
    UPDATE sign_ins SET revoked_on = CAST(unixepoch('subsec') * 1000 AS INTEGER)
      WHERE method = 'apikey' AND api_key_id IS NULL AND revoked_on IS NULL;
  `);
}
