/**
 * The station client: one typed method per operation of the table, derived from it, over
 * whichever transport this window has. A 401 on a signed-in call ends the access token:
 * the client asks the session to refresh once and repeats the call, or the session ends.
 */
import {
  OPERATION_NAMES,
  operations,
  type InputOf,
  type OperationName,
  type OutputOf,
} from '../../../main/operations/spec';
import { ApiProblem } from './problem';
import type { Transport } from './transport';

type ClientMethod<N extends OperationName> =
  Record<string, never> extends InputOf<N>
    ? (input?: InputOf<N>) => Promise<OutputOf<N>>
    : (input: InputOf<N>) => Promise<OutputOf<N>>;

export type StationClient = { readonly [N in OperationName]: ClientMethod<N> };

export interface SessionHooks {
  /** The access token held in memory, or null when signed out. */
  accessToken(): string | null;
  /** Exchanges the refresh token for a new pair; true when a new access token is held. */
  refresh(): Promise<boolean>;
  /** The session is over: forget the tokens and go back to sign-in. */
  expire(reason: string): void;
}

export function createClient(transport: Transport, session: SessionHooks): StationClient {
  async function call<N extends OperationName>(name: N, input: InputOf<N>): Promise<OutputOf<N>> {
    if (operations[name].access === 'public') return transport.call(name, session.accessToken(), input);
    const token = session.accessToken();
    try {
      return await transport.call(name, token, input);
    } catch (error) {
      if (!(error instanceof ApiProblem) || error.status !== 401) throw error;
      if (await session.refresh()) {
        try {
          return await transport.call(name, session.accessToken(), input);
        } catch (retryError) {
          if (retryError instanceof ApiProblem && retryError.status === 401)
            session.expire('Your sign-in has ended. Sign in again to carry on.');
          throw retryError;
        }
      }
      session.expire('Your session has ended. Sign in again to carry on.');
      throw error;
    }
  }
  const client = {} as Record<OperationName, (input?: unknown) => Promise<unknown>>;
  // Bound one name at a time: the inputs of every operation together are more than tsc can represent.
  const method =
    <N extends OperationName>(name: N) =>
    (input: unknown = {}) =>
      call(name, input as InputOf<N>);
  for (const name of OPERATION_NAMES) client[name] = method(name);
  return client as unknown as StationClient;
}
