/** The IPC transport: the preload bridge of the Electron window (main/ipc/bridge.ts). */
import type { BridgeResult, StationBridge } from '../../../main/ipc/bridge';
import type { InputOf, OperationName, OutputOf } from '../../../main/operations/spec';
import { problemFromResponse, unreachableProblem } from './problem';
import type { Transport } from './transport';

export function ipcTransport(bridge: StationBridge): Transport {
  return {
    kind: 'ipc',
    async call<N extends OperationName>(name: N, token: string | null, input: InputOf<N>): Promise<OutputOf<N>> {
      const method = bridge.operations[name] as unknown as (
        token: string | null,
        input: InputOf<N>,
      ) => Promise<BridgeResult<OutputOf<N>>>;
      let result: BridgeResult<OutputOf<N>>;
      try {
        result = await method(token, input);
      } catch (error) {
        throw unreachableProblem(error, name);
      }
      if (result.ok) return result.value;
      throw problemFromResponse(result.problem.status, result.problem, result.problem.instance);
    },
  };
}
