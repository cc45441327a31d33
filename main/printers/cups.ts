/**
 * The system's printers through CUPS (macOS and Linux): `lpstat` lists the queues, `lp`
 * submits a job. A job counts as taken when `lp` reports a request id: the spooler has it.
 * CUPS_SERVER in the environment chooses another scheduler (the tests start their own).
 */
import { execFile } from 'node:child_process';
import type { LabelSize } from '../core/schemas';

const LP_TIMEOUT_MS = 15_000;

interface Run {
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, input?: Buffer): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { env, timeout: LP_TIMEOUT_MS, maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(Object.assign(error, { stdout: String(stdout), stderr: String(stderr) }));
      else resolve({ stdout: String(stdout), stderr: String(stderr) });
    });
    // A missing command fails at spawn; its stdin may already be closed.
    child.stdin?.on('error', () => {});
    child.stdin?.end(input ?? Buffer.alloc(0));
  });
}

/** What a failed command said, in one line. */
function said(error: unknown): string {
  const e = error as { code?: unknown; stderr?: string; message?: string; killed?: boolean };
  if (e.code === 'ENOENT') return 'CUPS is not installed here (no lp/lpstat command)';
  if (e.killed) return `the print system did not answer within ${LP_TIMEOUT_MS / 1000} s`;
  const text = (e.stderr || e.message || String(error)).trim().split('\n')[0] ?? '';
  return text.replace(/^(lp|lpstat): /, '');
}

/** The queue names CUPS knows, in its order. */
export async function listCupsQueues(env: NodeJS.ProcessEnv): Promise<string[]> {
  try {
    const { stdout } = await run('lpstat', ['-e'], env);
    return stdout.split('\n').map((l) => l.trim()).filter(Boolean);
  } catch (error) {
    // "No destinations added." is an empty list, not a failure.
    if (/no destinations/i.test(said(error))) return [];
    throw new Error(said(error));
  }
}

/** The page sizes by their PPD names (w288h432 is 4×6 in, as label printers' drivers call it). */
const MEDIA: Record<LabelSize | 'A4', string> = { '4x6': 'w288h432', A6: 'A6', A4: 'A4' };

/**
 * Submits a job. ZPL goes raw (the queue passes it untouched to the printer); a PDF is
 * printed at the label's own size with no scaling, so the barcode keeps its dot grid.
 */
export async function submitCupsJob(
  queue: string,
  document: Buffer,
  options: { raw: boolean; pageSize: LabelSize | 'A4'; title: string },
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const args = ['-d', queue, '-t', options.title];
  if (options.raw) args.push('-o', 'raw');
  else args.push('-o', `media=${MEDIA[options.pageSize]}`, '-o', 'print-scaling=none', '-o', 'fit-to-page=false');
  args.push('--', '-');
  try {
    const { stdout } = await run('lp', args, env, document);
    const id = /request id is (\S+)/.exec(stdout)?.[1];
    if (!id) throw Object.assign(new Error('the spooler gave no job id'), { stderr: stdout });
    return id;
  } catch (error) {
    throw new Error(said(error));
  }
}
