/**
 * The create load of `npm run bench`, run in a process of its own (forked by run.ts).
 *
 * The clients share the two cores with the service, so what they spend counts against
 * the creates. In the bench's own process, which also holds the renderer pool and the
 * data of every label created, they cost 0.22-0.27 ms of CPU a create, 0.1 ms of it that
 * process's garbage collection; in a process of their own, 0.15 (two alternating pairs).
 */
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nextMessage } from './next-message';

export const CLIENTS = 16;

/** The create request of the bench's shipment number `i`: each one a new address line and reference. */
export const createBody = (i: number, pieces = 1) => ({
  carrierId: 1,
  carrierServiceId: 101,
  collectionAddress: {
    businessName: 'Bench Widgets Ltd',
    fullName: 'Alex Sender',
    addressLine1: '1 Dock Road',
    city: 'London',
    countryTwoCharacterISOCode: 'GB',
    postZipCode: 'SW1A 1AA',
  },
  deliveryAddress: {
    fullName: 'Sam Receiver',
    addressLine1: `${(i % 200) + 1} High Street`,
    city: 'Leeds',
    countryTwoCharacterISOCode: 'GB',
    postZipCode: 'LS1 1UR',
  },
  referenceOne: `BENCH-${i}`,
  shipmentPieces: Array.from({ length: pieces }, () => ({
    description: 'Box',
    weight: 2.5,
    weightUnit: 'KG',
    length: 30,
    width: 20,
    height: 10,
    dimensionUnit: 'CM',
  })),
});

/**
 * How long to load, or (`amount`) how many requests to answer: then the time is taken to
 * the last answer, as autocannon ends such a run only on its next 1-second tick.
 */
type LoadRequest = {
  url: string;
  /** Default /shipments. */
  path?: string;
  /** Sent as a bearer token, if given. */
  token?: string;
  /** The number of the first shipment to create (createBody). */
  first: number;
  /** Clients creating at once (default CLIENTS). */
  connections?: number;
} & LoadSpan;

/**
 * Seconds for a measured run; an amount for `--quick`, whose runs prove the figures are
 * written, not how fast: on a loaded machine a second may answer no create at all.
 */
export type LoadSpan = { seconds: number } | { amount: number };

export interface LoadResult {
  sent: number;
  ok: number;
  errors: number;
  seconds: number;
  /** The latency of each answered create, ms. */
  latencies: number[];
}

/**
 * 16 clients creating, each sending its next request when the last is answered:
 * autocannon (from Fastify's authors), which spends 0.25 ms of CPU a request
 * where fetch spent 1.06 ms.
 */
async function load(request: LoadRequest): Promise<LoadResult> {
  const { url, path = '/shipments', token, first } = request;
  let i = first;
  const latencies: number[] = [];
  const start = performance.now();
  let last = start;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}${path}`,
        // autocannon refuses more connections than requests: a slow machine's warm-up can
        // create fewer shipments than there are clients.
        connections: Math.min(
          request.connections ?? CLIENTS,
          'amount' in request ? Math.max(1, request.amount) : Infinity,
        ),
        ...('amount' in request ? { amount: request.amount } : { duration: request.seconds }),
        method: 'POST',
        headers: {
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
          'content-type': 'application/json',
        },
        requests: [{ setupRequest: (next) => ({ ...next, body: JSON.stringify(createBody(i++)) }) }],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
      last = performance.now();
    });
  });
  const elapsed = 'amount' in request ? (last - start) / 1000 : result.duration;
  return { sent: i - first, ok: result['2xx'], errors: result.non2xx + result.errors, seconds: elapsed, latencies };
}

const SERVE = '--serve-create-load';

/** The load process: each `run` is one load, one at a time. */
export interface LoadProcess {
  /** The load process's pid, whose CPU counts against the creates (create-split.ts). */
  pid: number;
  run(request: LoadRequest): Promise<LoadResult>;
  close(): void;
}

export function createLoadProcess(cwd: string): LoadProcess {
  const child = fork(fileURLToPath(import.meta.url), [SERVE], { cwd, execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  return {
    pid: child.pid!,
    run: async (request) => {
      const answered = nextMessage<LoadResult | { error: string }>(child, 'the create load process');
      child.send(request);
      const answer = await answered;
      if ('error' in answer) throw new Error(answer.error);
      return answer;
    },
    close: () => child.disconnect(),
  };
}

if (process.argv[2] === SERVE) {
  process.on('message', (request: LoadRequest) => {
    load(request).then(
      (result) => process.send!(result),
      (error: unknown) => process.send!({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
