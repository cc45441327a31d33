/** Users, their API keys, sign-ins and the tokens of each sign-in. */
import type { Role } from '../../../core/schemas';
import type { TokenRecord } from '../../../core/storage';
import { bigint, bool, bytes, table, text } from '../columns';

export const users = table(
  'users',
  {
    id: bigint('id'),
    username: text('username'),
    passwordHash: text('password_hash'),
    role: text<Role>('role'),
    disabled: bool('disabled'),
    createdOn: bigint('created_on'),
  },
  { identity: true },
);

export const apiKeys = table(
  'api_keys',
  {
    id: bigint('id'),
    userId: bigint('user_id'),
    name: text('name'),
    prefix: text('prefix'),
    hash: bytes('key_hash'),
    createdOn: bigint('created_on'),
    lastUsedOn: bigint.orNull('last_used_on'),
    revokedOn: bigint.orNull('revoked_on'),
  },
  { identity: true },
);

/** One row per sign-in: every token refreshed from it is of its family. */
export const signIns = table(
  'sign_ins',
  {
    id: bigint('id'),
    userId: bigint('user_id'),
    method: text('method'),
    createdOn: bigint('created_on'),
    revokedOn: bigint.orNull('revoked_on'),
    /** The API key it was made with: revoking the key ends it. */
    apiKeyId: bigint.orNull('api_key_id'),
  },
  { identity: true },
);

export const tokens = table('tokens', {
  hash: bytes('hash'),
  signInId: bigint('sign_in_id'),
  kind: text<TokenRecord['kind']>('kind'),
  expiresOn: bigint('expires_on'),
  usedOn: bigint.orNull('used_on'),
});
