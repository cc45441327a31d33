/**
 * A port whose writes are never called back (its far end went away while a write was
 * queued): a read answers "unplugged" within the answer timeout instead of hanging, and so
 * does every read that joined it. The link stands in for the serialport package only.
 */
import { describe, expect, it } from 'vitest';
import { nci } from './nci';
import type { ScaleLink } from './serial-link';
import { SerialScale } from './serial-scale';

const stuckLink = (): ScaleLink & { closed: boolean } => {
  const link = {
    closed: false,
    write: () => new Promise<void>(() => {}),
    onData: () => {},
    onClose: () => {},
    close: async () => {
      link.closed = true;
    },
  };
  return link;
};

describe('a scale asked on a port that takes no data', () => {
  it('answers unplugged within the answer timeout, every waiting read alike, and lets go of the port', async () => {
    const link = stuckLink();
    const scale = new SerialScale(link, nci, '/dev/ttyUSB0', { answerTimeoutMs: 200 });
    const started = performance.now();
    const reads = await Promise.allSettled([scale.read(), scale.read()]);
    expect(performance.now() - started).toBeLessThan(2_000);
    for (const read of reads) {
      expect(read.status).toBe('rejected');
      const problem = (read as PromiseRejectedResult).reason as Error & { members: Record<string, string> };
      expect(problem.members).toMatchObject({ reason: 'unplugged', scale: '/dev/ttyUSB0' });
      expect(problem.message).toMatch(
        /\/dev\/ttyUSB0 is unplugged or switched off \(the port took no data for 0\.2 s\)/,
      );
    }
    expect(scale.open).toBe(false);
    expect(link.closed).toBe(true);
  });
});
