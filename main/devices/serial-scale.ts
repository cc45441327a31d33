/**
 * A scale on an open link, speaking one protocol: it asks (NCI, SICS) or listens
 * (continuous) and hands over the last answer with its age. Only one question is on the
 * wire at a time; callers who ask meanwhile share its answer.
 */
import { scaleUnavailable } from '../core/errors';
import type { DeviceReading } from '../core/scale';
import type { ScaleFrame, ScaleProtocol } from './scale-protocol';
import type { ScaleLink } from './serial-link';

interface Heard {
  frame: ScaleFrame | string;
  at: number;
}

export interface SerialScaleOptions {
  /** How long an asked scale has to answer, and a listened-to one to say a first word (ms). */
  answerTimeoutMs: number;
  /** A monotonic clock in ms. */
  clock?: () => number;
}

export class SerialScale {
  private received = '';
  private last: Heard | null = null;
  private waiters = new Set<(heard: Heard) => void>();
  /** Called once when the port goes away, so a question on the wire ends then, not at its timeout. */
  private onGone = new Set<() => void>();
  private asking: Promise<DeviceReading> | null = null;
  private gone: Error | null | undefined;
  private readonly clock: () => number;

  constructor(
    private readonly link: ScaleLink,
    private readonly protocol: ScaleProtocol,
    readonly port: string,
    private readonly options: SerialScaleOptions,
  ) {
    this.clock = options.clock ?? (() => performance.now());
    link.onData((chunk) => this.hear(chunk));
    link.onClose((error) => {
      this.gone = error;
      for (const listener of this.onGone) listener();
      this.onGone.clear();
    });
  }

  /** False once the port went away or was closed. */
  get open(): boolean {
    return this.gone === undefined;
  }

  private hear(chunk: Buffer): void {
    const { frames, rest } = this.protocol.frames(this.received + chunk.toString('latin1'));
    // A wire that never ends a frame (wrong protocol or baud rate) is not kept forever.
    this.received = rest.slice(-1024);
    for (const text of frames) {
      const heard = { frame: this.protocol.parse(text), at: this.clock() };
      // The first line of a scale that talks unasked may be the tail of one sent before the port opened.
      const joinedMidLine = this.protocol.request === null && this.last === null;
      if (joinedMidLine && typeof heard.frame === 'string' && this.waiters.size === 0) continue;
      this.last = heard;
      for (const waiter of this.waiters) waiter(heard);
      this.waiters.clear();
    }
  }

  /** Runs `settle` when the port goes away before `work` ends; the listener is dropped either way. */
  private untilGone<T>(work: Promise<T>, settle: () => void): Promise<T> {
    this.onGone.add(settle);
    return work.finally(() => this.onGone.delete(settle));
  }

  /** The next frame heard, or null when none comes within the answer time or the port goes away first. */
  private nextFrame(): Promise<Heard | null> {
    let end: (heard: Heard | null) => void = () => {};
    const frame = new Promise<Heard | null>((resolve) => {
      const timer = setTimeout(() => end(null), this.options.answerTimeoutMs);
      end = (heard) => {
        clearTimeout(timer);
        this.waiters.delete(end);
        resolve(heard);
      };
      this.waiters.add(end);
    });
    return this.untilGone(frame, () => end(null));
  }

  /** The scale's latest word; a scale-unavailable problem when it is gone, silent or speaking another protocol. */
  read(): Promise<DeviceReading> {
    if (!this.open) return Promise.reject(this.unplugged());
    if (this.protocol.request === null) return this.listen();
    this.asking ??= this.ask().finally(() => {
      this.asking = null;
    });
    return this.asking;
  }

  private async ask(): Promise<DeviceReading> {
    // An answer that came too late for the last question is not this one's.
    this.received = '';
    const answer = this.nextFrame();
    try {
      // A write to a port whose far end went away may never be called back: waiting on it
      // would leave this question, and every read that joins it, unanswered.
      // Nor does it wait once the port is known to be gone.
      let fail: (error: Error) => void = () => {};
      const written = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the port took no data for ${this.options.answerTimeoutMs / 1000} s`)),
          this.options.answerTimeoutMs,
        );
        fail = (error) => (clearTimeout(timer), reject(error));
        this.link.write(this.protocol.request!).then(() => (clearTimeout(timer), resolve()), fail);
      });
      await this.untilGone(written, () => fail(this.gone ?? new Error('the port was closed')));
    } catch (error) {
      // A port that cannot be written to is gone (a pulled USB–serial adapter): let go of it.
      this.gone ??= error as Error;
      void this.link.close().catch(() => {});
      throw this.unplugged();
    }
    return this.reading(await answer);
  }

  private async listen(): Promise<DeviceReading> {
    return this.reading(this.last ?? (await this.nextFrame()));
  }

  private reading(heard: Heard | null): DeviceReading {
    if (!this.open) throw this.unplugged();
    if (heard === null) {
      const what = this.protocol.request === null ? 'sent nothing' : 'did not answer';
      throw scaleUnavailable(
        'silent',
        this.sentence(
          `${what} within ${this.options.answerTimeoutMs / 1000} s: is it on, and set to ${this.protocol.name} at the serial settings chosen?`,
        ),
        this.port,
      );
    }
    if (typeof heard.frame === 'string') {
      throw scaleUnavailable(
        'silent',
        this.sentence(
          `said something that is not ${this.protocol.name}: ${heard.frame}. Check the protocol and serial settings.`,
        ),
        this.port,
      );
    }
    return { ...heard.frame, ageMs: Math.max(0, this.clock() - heard.at), port: this.port };
  }

  private sentence(rest: string): string {
    return `The scale on ${this.port} ${rest}`;
  }

  private unplugged() {
    const why = this.gone ? ` (${this.gone.message})` : '';
    return scaleUnavailable('unplugged', `The scale on ${this.port} is unplugged or switched off${why}.`, this.port);
  }

  close(): Promise<void> {
    return this.link.close();
  }
}
