/** The HTTP transport: the loopback API, as `npm run serve` offers it to a browser. */
import ky from 'ky';
import { operations, type InputOf, type OperationName, type OutputOf } from '../../../main/operations/spec';
import { planHttpRequest, type OperationInput } from './http-request';
import { problemFromResponse, unreachableProblem, unreadableProblem } from './problem';
import type { Transport } from './transport';

// Fifty labels are rendered inside one create: give the station time.
const TIMEOUT_MS = 60_000;

export function httpTransport(baseUrl: string): Transport {
  return {
    kind: 'http',
    async call<N extends OperationName>(name: N, token: string | null, input: InputOf<N>): Promise<OutputOf<N>> {
      const plan = planHttpRequest(operations[name], asInput(input), baseUrl, token);
      const instance = new URL(plan.url).pathname;
      let response: Response;
      try {
        response = await ky(plan.url, {
          method: plan.method,
          headers: plan.headers,
          ...(plan.body !== undefined ? { body: plan.body } : {}),
          throwHttpErrors: false,
          // Creating twice is what Idempotency-Key guards against; ky must not retry behind our back.
          retry: 0,
          timeout: TIMEOUT_MS,
        });
      } catch (error) {
        throw unreachableProblem(error, instance);
      }
      const text = await response.text();
      let body: unknown = undefined;
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          if (response.ok) throw unreadableProblem(response.status, instance);
        }
      }
      if (!response.ok) throw problemFromResponse(response.status, body, instance);
      return body as OutputOf<N>;
    },
  };
}

/** An operation's input as the request planner reads it; generic, as tsc cannot hold every operation's input at once. */
function asInput<T>(input: T): OperationInput {
  return input as OperationInput;
}
