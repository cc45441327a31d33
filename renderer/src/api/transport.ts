/**
 * A transport carries one operation to the station and brings back its output, or throws an
 * ApiProblem. Two exist: IPC inside Electron, HTTP in a browser served by `npm run serve`.
 */
import type { InputOf, OperationName, OutputOf } from '../../../main/operations/spec';

export interface Transport {
  readonly kind: 'ipc' | 'http';
  call<N extends OperationName>(name: N, token: string | null, input: InputOf<N>): Promise<OutputOf<N>>;
}
