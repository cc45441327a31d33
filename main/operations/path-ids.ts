/**
 * Path ids arrive as text at every door; the core takes numbers. This is the one place
 * that turns `{carrierId}`, `{userId}`, … into a positive integer, or into the problem the
 * door answers. (`uniqueId` stays a UUID string and a printer id is a name.)
 */
import { notFound, validationError } from '../core/errors';

/** The largest id any store keeps (PostgreSQL `integer`): larger text is never an id. */
const MAX_ID = 2_147_483_647;

/**
 * What each path id names, and what text that is not an id means: 400 where the contract
 * says so (a carrier, docs/contract.md §4; imports and manifests the same), 404 elsewhere.
 */
const PATH_IDS = {
  carrierId: { thing: 'Carrier', notAnId: 400 },
  importId: { thing: 'Import', notAnId: 400 },
  manifestId: { thing: 'Manifest', notAnId: 400 },
  userId: { thing: 'User', notAnId: 404 },
  apiKeyId: { thing: 'API key', notAnId: 404 },
  webhookId: { thing: 'Webhook', notAnId: 404 },
  addressId: { thing: 'Saved address', notAnId: 404 },
  presetId: { thing: 'Package preset', notAnId: 404 },
} as const;

export type PathIdName = keyof typeof PATH_IDS;

/** `params[name]` as a positive integer; digits no store could hold (0, past MAX_ID) name nothing: 404. */
export function pathId<K extends PathIdName>(params: Record<K, string>, name: K): number {
  const raw = params[name];
  const { thing, notAnId } = PATH_IDS[name];
  if (!/^\d+$/.test(raw)) {
    if (notAnId === 400) throw validationError({ [name]: `${raw} is not an integer ${thing.toLowerCase()} id` });
    throw notFound(`${thing} ${raw}`);
  }
  const id = Number(raw);
  if (id < 1 || id > MAX_ID) throw notFound(`${thing} ${raw}`);
  return id;
}
