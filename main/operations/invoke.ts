/**
 * The one way into an operation, for every door: authenticate, authorise, validate, run.
 * HTTP and IPC differ only in how they carry the token, the input and the answer.
 */
import { ProblemError } from '../core/errors';
import type { Station } from '../core/station';
import { bodyDefaults, bodyRules } from './body-rules';
import { handlers, type CallContext } from './handlers';
import { operations, type InputOf, type OperationName, type OutputOf } from './spec';
import { validateInput, type RawInput } from './validate';

export interface Caller {
  /** The bearer access token, if any. */
  token: string | undefined;
  client: string;
}

export async function invoke<N extends OperationName>(
  station: Station,
  name: N,
  raw: RawInput,
  caller: Caller,
): Promise<OutputOf<N>> {
  const spec = operations[name];
  const user = spec.access === 'public' ? null : await station.auth.authenticate(caller.token);
  if (spec.access === 'admin' && user!.role !== 'admin') {
    throw new ProblemError('forbidden', 'Only an administrator may do this.');
  }
  const withDefaults = bodyDefaults[name];
  const given = withDefaults ? { ...raw, body: await withDefaults(station, raw.body) } : raw;
  const input = validateInput(spec, given, bodyRules[name]?.(station)) as InputOf<N>;
  const ctx: CallContext = { station, user, client: caller.client };
  const handler = handlers[name] as (ctx: CallContext, input: InputOf<N>) => OutputOf<N> | Promise<OutputOf<N>>;
  return handler(ctx, input);
}
