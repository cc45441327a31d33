/** Batch imports: each file's result, found again by its idempotency key. */
import { bigint, bytes, table, text } from '../columns';

export const imports = table(
  'imports',
  {
    id: bigint('id'),
    userId: bigint('user_id'),
    key: text.orNull('idempotency_key'),
    fileHash: bytes('file_hash'),
    createdOn: bigint('created_on'),
    result: text('result'),
  },
  { identity: true },
);
