/**
 * The desktop's log: one JSON line per entry in `<logs>/main.log`, echoed to the console.
 * A packaged app has no visible console, and a 500's traceId must be findable (docs/contract.md §2).
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { InternalErrorLog } from '../ipc/call-operation';

export interface DesktopLog {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** For the IPC door: an unexpected error under its trace id. */
  internalError: InternalErrorLog;
  readonly file: string;
}

const describeError = (error: unknown) =>
  error instanceof Error
    ? { name: error.name, message: error.message, code: (error as { code?: unknown }).code, stack: error.stack }
    : { value: String(error) };

export function openDesktopLog(logsDir: string): DesktopLog {
  mkdirSync(logsDir, { recursive: true });
  const file = join(logsDir, 'main.log');
  const write = (level: 'info' | 'error', message: string, fields: Record<string, unknown> = {}) => {
    const entry = { time: new Date().toISOString(), level, message, ...fields };
    (level === 'error' ? console.error : console.log)(message, fields);
    try {
      appendFileSync(file, `${JSON.stringify(entry)}\n`);
    } catch {
      // A full or read-only disk must not take the app down with it; the console has it.
    }
  };
  return {
    file,
    info: (message, fields) => write('info', message, fields),
    error: (message, fields) => write('error', message, fields),
    internalError: ({ traceId, where, error }) =>
      write('error', `internal error in ${where}`, { traceId, error: describeError(error) }),
  };
}
