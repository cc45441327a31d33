/**
 * The IPC door's work, without Electron: read what the preload sent, call `invoke` exactly
 * as the HTTP door does, and turn the answer into a BridgeResult. Errors cannot cross IPC
 * with their fields, so a failure becomes the very problem body HTTP would send
 * (problemBody), and an unexpected error a 500 whose traceId is also in the log.
 */
import { randomUUID } from 'node:crypto';
import type { BridgeResult } from './bridge';
import { ProblemError, storageProblem, validationError } from '../core/errors';
import type { Station } from '../core/station';
import { problemBody } from '../operations/problems';
import { invoke } from '../operations/invoke';
import { operations, type OperationName } from '../operations/spec';
import type { RawInput } from '../operations/validate';

/** Where an unexpected error goes: the main process log, with its trace id. */
export type InternalErrorLog = (entry: { traceId: string; where: string; error: unknown }) => void;

export const logToConsole: InternalErrorLog = ({ traceId, where, error }) => {
  console.error(`[${traceId}] internal error in ${where}:`, error);
};

/** problemBody always has type, title, status, detail and instance: the Problem shape. */
type BridgeProblem = Extract<BridgeResult<never>, { ok: false }>['problem'];

export interface IpcRequest {
  token: string | undefined;
  input: RawInput;
}

const INPUT_PARTS = new Set(['params', 'query', 'body', 'headers']);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The preload sends `{ token, input }`. The renderer is less trusted than the main process,
 * so the envelope is checked here; the input's parts are validated by `invoke`.
 */
export function readIpcRequest(payload: unknown): IpcRequest {
  const fields: Record<string, string> = {};
  if (!isRecord(payload)) throw validationError({ request: 'must be an object with token and input' });
  for (const key of Object.keys(payload)) {
    if (key !== 'token' && key !== 'input') fields[key] = 'is not a part of an IPC request';
  }
  const { token, input } = payload;
  if (token !== undefined && token !== null && typeof token !== 'string') fields.token = 'must be a text or null';
  if (input !== undefined && !isRecord(input)) fields.input = 'must be an object';
  if (isRecord(input)) {
    for (const key of Object.keys(input)) {
      if (!INPUT_PARTS.has(key))
        fields[`input.${key}`] = 'is not a part of an operation’s input (params, query, body, headers)';
    }
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return { token: typeof token === 'string' ? token : undefined, input: (input ?? {}) as RawInput };
}

/** The operation's HTTP path with its parameters filled in: what HTTP puts in `instance`. */
export function instancePath(path: string, params: unknown): string {
  const values = isRecord(params) ? params : {};
  return path.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return typeof value === 'string' || typeof value === 'number' ? encodeURIComponent(String(value)) : whole;
  });
}

/**
 * Any error as a failed BridgeResult, with the body HTTP would send for it. A 500 always
 * carries a traceId that is also logged: unexpected errors get the HTTP door's wording
 * (no message, no stack), and the desktop's own 500s (a printer that failed) keep theirs.
 */
export function problemResult(
  error: unknown,
  instance: string,
  where: string,
  log: InternalErrorLog,
): BridgeResult<never> {
  const problem = error instanceof ProblemError ? error : storageProblem(error);
  if (problem && problem.kind !== 'internal')
    return { ok: false, problem: problemBody(problem, instance) as BridgeProblem };
  const traceId = randomUUID();
  log({ traceId, where, error });
  const internal =
    problem ?? new ProblemError('internal', `Something went wrong inside the station; quote trace id ${traceId}.`);
  return { ok: false, problem: problemBody(internal, instance, traceId) as BridgeProblem };
}

/** One operation called over IPC: the same `invoke` as HTTP, with `client: 'ipc'`. */
export async function callOperation(
  station: Station,
  name: OperationName,
  payload: unknown,
  log: InternalErrorLog = logToConsole,
): Promise<BridgeResult<unknown>> {
  const path = operations[name].path;
  let instance = path;
  try {
    const { token, input } = readIpcRequest(payload);
    instance = instancePath(path, input.params);
    const value = await invoke(station, name, input, { token, client: 'ipc' });
    return { ok: true, value };
  } catch (error) {
    return problemResult(error, instance, `operation ${name}`, log);
  }
}
