/**
 * A port whose writes are never called back (its far end went away while a write was
 * queued): a read answers "unplugged" within the answer timeout instead of hanging, and so
 * does every read that joined it; a port seen to go away ends the question at once. The link
 * stands in for the serialport package only.
 */
import { describe, expect, it } from 'vitest';
import { nci } from './nci';
import type { ScaleLink } from './serial-link';
import { SerialScale } from './serial-scale';

/** A link whose writes never call back (or, with `writes`, call back at once); `pull()` ends it as a pulled cable does. */
const stuckLink = ({ writes = false } = {}): ScaleLink & { closed: boolean; pull(error: Error): void } => {
  const closeListeners: ((error: Error | null) => void)[] = [];
  const link = {
    closed: false,
    write: () => (writes ? Promise.resolve() : new Promise<void>(() => {})),
    onData: () => {},
    onClose: (listener: (error: Error | null) => void) => closeListeners.push(listener),
    close: async () => {
      link.closed = true;
    },
    pull: (error: Error) => {
      for (const listener of closeListeners) listener(error);
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

describe('a scale whose port goes away while a question is out', () => {
  it.each([
    ['the question is still being written', false],
    ['the answer is awaited', true],
  ])('answers unplugged as soon as the port is gone, when %s', async (_, writes) => {
    const link = stuckLink({ writes });
    const scale = new SerialScale(link, nci, '/dev/ttyUSB0', { answerTimeoutMs: 5_000 });
    const started = performance.now();
    setTimeout(() => link.pull(new Error('the port is gone')), 50);
    const reads = await Promise.allSettled([scale.read(), scale.read()]);
    expect(performance.now() - started).toBeLessThan(1_000);
    for (const read of reads) {
      const problem = (read as PromiseRejectedResult).reason as Error & { members: Record<string, string> };
      expect(problem.members).toMatchObject({ reason: 'unplugged', scale: '/dev/ttyUSB0' });
      expect(problem.message).toMatch(/is unplugged or switched off \(the port is gone\)/);
    }
    expect(scale.open).toBe(false);
  });
});
