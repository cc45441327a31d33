/**
 * A scale for a test: a pseudo-terminal from socat (Debian's `socat`) whose far end this
 * helper holds and answers as a real scale does, NCI, SICS or continuous output, with
 * whatever load the test puts on it: steady, moving (settling for a while after a load is
 * put on), over capacity, under zero, busy, silent. `unplug()` ends socat, so the port
 * vanishes as a pulled USB cable's does; `plugIn()` brings it back at the same path.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type TestScaleProtocol = 'nci' | 'sics' | 'continuous';
export type TestScaleState = 'steady' | 'motion' | 'overload' | 'underload' | 'busy';
export type TestScaleUnit = 'kg' | 'g' | 'lb' | 'oz';

export interface TestScaleLoad {
  state: TestScaleState;
  /** What the platter holds, in `unit`. */
  weight: number;
  unit: TestScaleUnit;
}

export interface TestScale {
  /** The port to give the station (a symlink to the pty). */
  port: string;
  /** Puts a load on: with `settleMs`, the scale shows motion that long, then steady. */
  set(load: Partial<TestScaleLoad> & { settleMs?: number }): void;
  /** A silent scale hears and says nothing (switched off, or a wrong baud rate). */
  silent: boolean;
  /** Questions the station asked (NCI `W\r`, SICS `S\r\n`). */
  readonly questions: number;
  /** False between `unplug()` and `plugIn()`. */
  readonly plugged: boolean;
  unplug(): Promise<void>;
  plugIn(): Promise<void>;
  close(): Promise<void>;
}

const DECIMALS: Record<TestScaleUnit, number> = { kg: 3, g: 0, lb: 2, oz: 1 };

/** The state shown now: motion until a new load has settled. */
function shownState(load: TestScaleLoad, settledAt: number): TestScaleState {
  return load.state === 'steady' && Date.now() < settledAt ? 'motion' : load.state;
}

function nciAnswer(load: TestScaleLoad, state: TestScaleState): string {
  const moving = state === 'motion' || state === 'busy';
  const text =
    state === 'overload'
      ? '^^^^^^^'
      : state === 'underload'
        ? '-------'
        : load.weight.toFixed(DECIMALS[load.unit]).padStart(7);
  const s1 = 0x30 | (moving ? 0b01 : 0) | (load.weight === 0 && !moving ? 0b10 : 0);
  const s2 = 0x30 | (state === 'underload' ? 0b01 : 0) | (state === 'overload' ? 0b10 : 0);
  return `\n${text}${load.unit}\r\n${String.fromCharCode(s1, s2)}\r\x03`;
}

function sicsAnswer(load: TestScaleLoad, state: TestScaleState): string {
  const value = load.weight.toFixed(DECIMALS[load.unit]).padStart(10);
  if (state === 'overload') return 'S +\r\n';
  if (state === 'underload') return 'S -\r\n';
  if (state === 'busy') return 'S I\r\n';
  return `S ${state === 'motion' ? 'D' : 'S'} ${value} ${load.unit}\r\n`;
}

/** A&D's continuous format, as many indicators send it: `ST,GS,+0001.234kg`. */
function continuousLine(load: TestScaleLoad, state: TestScaleState): string {
  if (state === 'overload') return 'OL,GS,+9999999kg\r\n';
  const weight = state === 'underload' ? -Math.max(load.weight, 0.012) : load.weight;
  const sign = weight < 0 ? '-' : '+';
  const digits = Math.abs(weight).toFixed(DECIMALS[load.unit]).padStart(8, '0');
  const header = state === 'motion' || state === 'busy' ? 'US' : 'ST';
  return `${header},GS,${sign}${digits}${load.unit}\r\n`;
}

export async function startTestScale(
  protocol: TestScaleProtocol,
  initial: Partial<TestScaleLoad> = {},
  { intervalMs = 100 }: { intervalMs?: number } = {},
): Promise<TestScale> {
  const dir = await mkdtemp(join(tmpdir(), 'ss-scale-'));
  const port = join(dir, 'ttyScale');
  let load: TestScaleLoad = { state: 'steady', weight: 0, unit: 'kg', ...initial };
  let settledAt = 0;
  let questions = 0;
  let socat: ChildProcess | null = null;
  let heard = '';
  let ticker: NodeJS.Timeout | null = null;

  const say = (text: string) => {
    if (!scale.silent && socat?.stdin?.writable) socat.stdin.write(Buffer.from(text, 'latin1'));
  };
  const answerFor = () => {
    const state = shownState(load, settledAt);
    return protocol === 'nci' ? nciAnswer(load, state) : sicsAnswer(load, state);
  };
  const hear = (chunk: Buffer) => {
    if (scale.silent) return;
    heard += chunk.toString('latin1');
    const question = protocol === 'nci' ? 'W\r' : 'S\r\n';
    let at: number;
    while ((at = heard.indexOf(question)) >= 0) {
      heard = heard.slice(at + question.length);
      questions += 1;
      say(answerFor());
    }
  };

  async function plugIn(): Promise<void> {
    const child = spawn('socat', [`pty,raw,echo=0,link=${port}`, 'STDIO'], { stdio: ['pipe', 'pipe', 'pipe'] });
    socat = child;
    child.stdout!.on('data', hear);
    child.stdin!.on('error', () => {});
    let exited = false;
    child.once('exit', () => (exited = true));
    const deadline = Date.now() + 5000;
    while (!existsSync(port)) {
      if (exited || Date.now() > deadline)
        throw new Error('socat did not make a pseudo-terminal (is socat installed?)');
      await new Promise((r) => setTimeout(r, 10));
    }
    if (protocol === 'continuous')
      ticker = setInterval(() => say(continuousLine(load, shownState(load, settledAt))), intervalMs);
  }

  async function unplug(): Promise<void> {
    if (ticker) clearInterval(ticker);
    ticker = null;
    const child = socat;
    socat = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    heard = '';
  }

  const scale: TestScale = {
    port,
    silent: false,
    get questions() {
      return questions;
    },
    get plugged() {
      return socat !== null;
    },
    set({ settleMs, ...change }) {
      load = { ...load, ...change };
      settledAt = settleMs ? Date.now() + settleMs : 0;
    },
    unplug,
    plugIn,
    async close() {
      await unplug();
      await rm(dir, { recursive: true, force: true });
    },
  };
  await plugIn();
  return scale;
}
