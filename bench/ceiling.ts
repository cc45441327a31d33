/**
 * The ceiling of `creates ÷ renderer pool` on this machine: a bare Fastify route that does
 * nothing a create does but render its label through the label pool and answer it as a
 * create is answered (the same response schema and serialiser, base 64 in JSON), with no
 * validation, sign-in check or database. Run in its own process (forked by run.ts), it is
 * fed the labels each create slice made and renders each once, for the same 16 clients.
 *
 * What a create costs beyond this route is the service's own work; what this route costs
 * beyond the pool alone is HTTP, the clients on the same cores, and the hand-over to the
 * label workers, which no service built on this stack can avoid.
 */
import Fastify from 'fastify';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LabelData } from '../main/core/label-data';
import { createLabelPool } from '../main/labels/label-pool';
import { CreateShipmentResponse } from '../main/core/schemas';
import { responseSerializer } from '../main/http/app';
import { nextMessage } from './next-message';

export const CEILING_PATH = '/render';

export interface CeilingLabel {
  uuid: string;
  label: LabelData;
}

/** The ceiling route's process: `feed` hands it the labels its next requests render, in order. */
export interface Ceiling {
  url: string;
  feed(labels: CeilingLabel[]): Promise<void>;
  close(): void;
}

const SERVE = '--serve-ceiling';

/** Forks the ceiling route with the service's node flags (`nodeArgs`, as `npm run serve` gives them). */
export async function startCeiling(cwd: string, nodeArgs: string[]): Promise<Ceiling> {
  const child = fork(fileURLToPath(import.meta.url), [SERVE], {
    cwd,
    execArgv: [...nodeArgs, '--import', 'tsx'],
    stdio: 'inherit',
  });
  const next = () => nextMessage<string>(child, 'the ceiling process');
  const url = await next();
  return {
    url,
    feed: async (labels) => {
      const fed = next();
      child.send(labels);
      await fed;
    },
    close: () => child.kill(),
  };
}

async function serve(): Promise<void> {
  const pool = createLabelPool();
  let labels: CeilingLabel[] = [];
  let next = 0;
  const app = Fastify({ requestIdHeader: false });
  app.setSerializerCompiler(({ schema }) => responseSerializer(schema));
  app.post(CEILING_PATH, { schema: { response: { 200: CreateShipmentResponse } } }, async () => {
    const item = labels[next++];
    if (item === undefined) throw new Error('more requests than labels fed');
    const { label } = item;
    const pdf = await pool.render(label, { size: '4x6', pieces: [1] });
    return {
      success: true,
      shipmentId: item.uuid,
      shipmentNumber: label.shipmentNumber,
      shipmentPieces: [
        { sequenceNumber: 1, base64String: pdf.toString('base64'), trackingNumber: label.pieces[0]!.trackingNumber },
      ],
    };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', (fed: CeilingLabel[]) => {
    labels = fed;
    next = 0;
    process.send!('fed');
  });
  process.on('disconnect', () => process.exit(0));
  process.send!(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
}

if (process.argv[2] === SERVE) void serve();
