/**
 * The one way into an operation, for every door: authenticate, authorise, validate, run,
 * and record what the audit trail keeps of it (audit-rules.ts). HTTP and IPC differ only
 * in how they carry the token, the input and the answer.
 */
import type { Actor } from '../core/audit';
import type { AuthUser } from '../core/auth';
import { ProblemError } from '../core/errors';
import type { Station } from '../core/station';
import { auditRules, refusedSignIn, type AuditRule } from './audit-rules';
import { bodyDefaults, bodyRules } from './body-rules';
import { handlers, type CallContext } from './handlers';
import { operations, type InputOf, type OperationName, type OutputOf } from './spec';
import type { Access } from './spec/operation';
import { validateInput, type RawInput } from './validate';

export interface Caller {
  /** The bearer access token, if any. */
  token: string | undefined;
  client: string;
  /**
   * A door inside the process that acts for a user of its own (the watched folder, for
   * whoever set it up) names that user instead of a token.
   */
  user?: AuthUser;
}

/** The door as the audit trail names it: the app's own window, the watched folder, or HTTP. */
const doorOf = (client: string) => (client === 'ipc' ? 'window' : client === FOLDER_CLIENT ? 'folder' : 'http');

/** The `client` of the watched folder's calls (main/folder). */
export const FOLDER_CLIENT = 'folder';

/**
 * Who may call: the user behind the token, checked against an operation's access (401
 * without a valid token, 403 for an operator where administrators only). The desktop's own
 * channels that change the desk (its database) are held to the same rule.
 */
export async function authorize(
  station: Station,
  access: Access,
  token: string | undefined,
  /** A door acting for a user of its own (the watched folder) names that user instead of a token. */
  as?: AuthUser,
): Promise<AuthUser | null> {
  if (access === 'public') return null;
  const user = as ?? (await station.auth.authenticate(token));
  if (access === 'admin' && user.role !== 'admin') {
    throw new ProblemError('forbidden', 'Only an administrator may do this.');
  }
  return user;
}

export async function invoke<N extends OperationName>(
  station: Station,
  name: N,
  raw: RawInput,
  caller: Caller,
): Promise<OutputOf<N>> {
  const spec = operations[name];
  const user = await authorize(station, spec.access, caller.token, caller.user);
  const withDefaults = bodyDefaults[name];
  const given = withDefaults ? { ...raw, body: await withDefaults(station, raw.body) } : raw;
  const input = validateInput(spec, given, bodyRules[name]?.(station)) as unknown as InputOf<N>;
  const ctx: CallContext = { station, user, client: caller.client };
  const handler = handlers[name] as unknown as (
    ctx: CallContext,
    input: InputOf<N>,
  ) => OutputOf<N> | Promise<OutputOf<N>>;
  const rule = auditRules[name] as unknown as AuditRule<N> | undefined;
  // Most calls (every create among them) are not recorded and pay nothing for the trail.
  if (!rule) return handler(ctx, input);
  return audited(ctx, name, input, handler, rule);
}

async function audited<N extends OperationName>(
  ctx: CallContext,
  name: N,
  input: InputOf<N>,
  handler: (ctx: CallContext, input: InputOf<N>) => OutputOf<N> | Promise<OutputOf<N>>,
  rule: AuditRule<N>,
): Promise<OutputOf<N>> {
  const { station } = ctx;
  const via = doorOf(ctx.client);
  const before = rule.before ? await rule.before(ctx, input) : undefined;
  let output: OutputOf<N>;
  try {
    output = await handler(ctx, input);
  } catch (error) {
    if (name === 'signIn' && error instanceof ProblemError && (error.status === 400 || error.status === 429)) {
      const tried = refusedSignIn(opaque(input) as InputOf<'signIn'>);
      await write(station, { username: tried[0]!.subject, via, apiKey: null }, tried);
    }
    throw error;
  }
  // A sign-in's actor is who it signed in, read back from the token it made.
  const actorUser: AuthUser | null =
    name === 'signIn' ? await station.auth.authenticate((output as OutputOf<'signIn'>).token.accessToken) : ctx.user;
  const actor: Actor = { username: actorUser?.username ?? 'system', via, apiKey: actorUser?.apiKey ?? null };
  await write(station, actor, await rule.entries({ ...ctx, user: actorUser }, input, output, before));
  return output;
}

/** The call has happened: a trail that cannot be written is logged, never turned into the call's failure. */
async function write(station: Station, actor: Actor, entries: Parameters<Station['audit']['record']>[1]) {
  try {
    await station.audit.record(actor, entries);
  } catch (error) {
    console.error('the audit trail could not be written:', error);
  }
}

/**
 * A generic value as unknown, without tsc working out what it could be: the inputs of every
 * operation together are more than it can represent.
 */
function opaque<T>(value: T): unknown {
  return value;
}
