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
    const child = execFile(
      command,
      args,
      { env, timeout: LP_TIMEOUT_MS, maxBuffer: 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(Object.assign(error, { stdout: String(stdout), stderr: String(stderr) }));
        else resolve({ stdout: String(stdout), stderr: String(stderr) });
      },
    );
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
    return stdout
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  } catch (error) {
    // "No destinations added." is an empty list, not a failure.
    if (/no destinations/i.test(said(error))) return [];
    throw new Error(said(error));
  }
}

type PaperSize = LabelSize | 'A4' | 'Letter';

/** Each page size: how people say it, its size in points, and the names drivers give it. */
const PAPER: Record<PaperSize, { said: string; points: [number, number]; names: string[] }> = {
  '4x6': { said: '4×6 in', points: [288, 432], names: ['w288h432', '4x6', '4x6in', 'w4h6', 'na_index-4x6_4x6in'] },
  A6: { said: 'A6', points: [298, 420], names: ['A6', 'w298h420', 'w297h420', 'iso_a6_105x148mm'] },
  A4: { said: 'A4', points: [595, 842], names: ['A4', 'w595h842', 'iso_a4_210x297mm'] },
  Letter: { said: 'Letter', points: [612, 792], names: ['Letter', 'w612h792', 'na_letter_8.5x11in'] },
};

/** The queue's page sizes as its driver (PPD) names them, the default first; null when it has no driver (a raw queue). */
export async function queuePageSizes(queue: string, env: NodeJS.ProcessEnv): Promise<string[] | null> {
  let stdout: string;
  try {
    ({ stdout } = await run('lpoptions', ['-p', queue, '-l'], env));
  } catch (error) {
    throw new Error(said(error));
  }
  const line = stdout.split('\n').find((l) => /^PageSize\//.test(l));
  if (!line) return null;
  const choices = line
    .slice(line.indexOf(':') + 1)
    .trim()
    .split(/\s+/);
  const chosen = choices.find((c) => c.startsWith('*'));
  const names = choices.map((c) => c.replace(/^\*/, ''));
  return chosen ? [chosen.slice(1), ...names.filter((n) => n !== chosen.slice(1))] : names;
}

/**
 * The driver's name for `size`, borderless when it has that: a label printed on any other
 * page would be centred on it or scaled, and come out wrong on a roll of labels.
 */
export function pageSizeChoice(size: PaperSize, offered: string[]): string | null {
  const { names, points } = PAPER[size];
  const known = new Set(offered);
  for (const name of names) {
    if (known.has(`${name}.Fullbleed`)) return `${name}.Fullbleed`;
    if (known.has(name)) return name;
  }
  // A driver that takes any size lists Custom.WIDTHxHEIGHT; the size is then given in points.
  return known.has('Custom.WIDTHxHEIGHT') ? `Custom.${points[0]}x${points[1]}` : null;
}

/**
 * Submits a job. ZPL goes raw (the queue passes it untouched to the printer); a PDF is
 * printed at the page's own size with no scaling, so the barcode keeps its dot grid — on a
 * queue whose driver has that page size. A queue without one is refused before anything is
 * sent: its driver would put the label on its default page (a 4×6 label on Letter).
 */
export async function submitCupsJob(
  queue: string,
  document: Buffer,
  options: { raw: boolean; pageSize: PaperSize; title: string },
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const args = ['-d', queue, '-t', options.title];
  if (options.raw) args.push('-o', 'raw');
  else {
    const offered = await queuePageSizes(queue, env);
    // No driver: the PDF reaches the printer as it is, at its own page size.
    if (offered) {
      const choice = pageSizeChoice(options.pageSize, offered);
      if (!choice) {
        const { said: wanted } = PAPER[options.pageSize];
        throw new Error(
          `its driver has no ${wanted} page (it offers ${offered.slice(0, 6).join(', ')}${offered.length > 6 ? ', …' : ''}), so the ${wanted} page would come out on ${offered[0]}: give the queue its printer's own driver, or send the labels as ZPL`,
        );
      }
      args.push('-o', `PageSize=${choice}`);
    }
    args.push('-o', 'print-scaling=none', '-o', 'fit-to-page=false');
  }
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
