/**
 * Weighing (docs/contract.md §21): the rules, not the ports. The desk's scale (which port, which
 * protocol, talking to it) lives in main/devices and is handed to the station by
 * open-station.ts; the core uses only steady readings at most a second old and converts
 * them to the unit asked for.
 */
import { ProblemError, scaleUnavailable } from './errors';
import type { ScalePortList, ScaleReading, ScaleSettings, ScaleState, WeightUnit } from './schemas';
import { convertWeight } from './units';

/** What the scale last said, as main/devices hands it over. */
export interface DeviceReading {
  state: ScaleState;
  /** The weight when steady (0 on an empty platter), else null. */
  weight: number | null;
  unit: WeightUnit | null;
  /** How long ago the scale said it, in milliseconds, by the devices module's own clock. */
  ageMs: number;
  /** The port it came from. */
  port: string;
}

/** The desk's scale, as main/devices keeps it. */
export interface DeskScale {
  ports(): Promise<ScalePortList>;
  settings(): Promise<ScaleSettings>;
  configure(settings: ScaleSettings): Promise<ScaleSettings>;
  /** The scale's latest word; throws a scale-unavailable problem (unset, silent, unplugged) when there is none. */
  read(): Promise<DeviceReading>;
  /** Lets go of the port. */
  close(): Promise<void>;
}

/** The oldest reading the desk may use (docs/contract.md §21). */
export const MAX_READING_AGE_MS = 1000;

/** A desk's scale before Settings → Scale: no port, NCI's usual 9600 baud, 7 data bits, even parity. */
export const DEFAULT_SCALE_SETTINGS: ScaleSettings = {
  port: null,
  protocol: 'nci',
  baudRate: 9600,
  dataBits: 7,
  parity: 'even',
  stopBits: 1,
};

/** A station built without a scale: nothing to list, and every reading is refused as unset. */
export const noScale: DeskScale = {
  ports: async () => ({ items: [], listError: 'this station was built without scales' }),
  settings: async () => DEFAULT_SCALE_SETTINGS,
  configure: async () => {
    throw new Error('this station was built without scales');
  },
  read: async () => {
    throw scaleUnavailable('unset', 'This station has no scale.', null);
  },
  close: async () => {},
};

/** A steady reading above zero, as steadyWeight resolves it. */
export type SteadyWeight = ScaleReading & { state: 'steady'; weight: number; weightUnit: WeightUnit };

export interface SteadyWeightOptions {
  /** The unit to answer in; the scale's own when left out. */
  weightUnit?: WeightUnit;
  /** How long to wait for the load to settle, in milliseconds (default 10 s). */
  timeoutMs?: number;
  /** How often to ask the scale, in milliseconds (default 100). */
  pollMs?: number;
  /** Stops waiting (the operator moved on); rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** The weight rounded as a person reads it from the scale: a gram in KG, a tenth of a gram in G. */
const rounded = (value: number) => Math.round(value * 1000) / 1000;

export class ScaleService {
  constructor(
    readonly desk: DeskScale,
    private readonly now: () => number,
  ) {}

  /** GET /scale/reading: the scale's state now; a weight only when steady, in `weightUnit` if asked. */
  async reading(weightUnit?: WeightUnit): Promise<ScaleReading> {
    const read = await this.desk.read();
    if (read.ageMs > MAX_READING_AGE_MS) {
      throw scaleUnavailable(
        'silent',
        `The scale on ${read.port} has said nothing for ${(read.ageMs / 1000).toFixed(1)} s: is it on and sending?`,
        read.port,
      );
    }
    const steady = read.state === 'steady' && read.weight !== null && read.unit !== null;
    const unit = steady ? (weightUnit ?? read.unit) : null;
    return {
      state: read.state,
      weight: steady ? rounded(convertWeight(read.weight!, read.unit!, unit!)) : null,
      weightUnit: unit,
      readAt: new Date(this.now() - read.ageMs).toISOString(),
    };
  }

  /**
   * The next steady reading above zero: what "ship when the weight is steady" waits for.
   * Motion, an empty platter, and a silent or unplugged scale are waited through; an unset
   * scale fails at once; after `timeoutMs` it fails with what the scale last said.
   */
  async steadyWeight(options: SteadyWeightOptions = {}): Promise<SteadyWeight> {
    const { weightUnit, timeoutMs = 10_000, pollMs = 100, signal } = options;
    const deadline = performance.now() + timeoutMs;
    let last: string = 'nothing';
    for (;;) {
      signal?.throwIfAborted();
      try {
        const reading = await this.reading(weightUnit);
        if (reading.state === 'steady' && reading.weight !== null && reading.weight > 0) return reading as SteadyWeight;
        last = reading.state === 'steady' ? 'an empty platter' : reading.state;
      } catch (error) {
        if (!(error instanceof ProblemError) || error.kind !== 'scale-unavailable') throw error;
        if (error.members.reason === 'unset') throw error;
        last = error.message;
      }
      if (performance.now() + pollMs > deadline) {
        throw new ProblemError(
          'scale-unavailable',
          `The weight did not settle above zero within ${timeoutMs / 1000} s (last: ${last}).`,
          { reason: 'not-steady', scale: '' },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
}
