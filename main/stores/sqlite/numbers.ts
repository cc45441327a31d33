/**
 * Number sequences (shipment numbers, each carrier's tracking serials), reserved in memory
 * and written by the next group commit: a create's numbers are stored in the same
 * transaction as the create, not in one of their own. A create is answered only after a
 * group commit that includes its numbers, so numbers lost in a crash were never handed to
 * anyone. The write checks that the stored value is still the one last read or written,
 * so that another program moving a sequence meanwhile fails the commit rather than letting
 * two shipments share a number.
 */
import type { NumberStore, SequenceName } from '../../core/storage';
import type { Db } from './database';

export interface SqliteNumbers extends NumberStore {
  /** Reserves `count` numbers at once, in memory; returns the first. */
  reserve(name: string, count: number): number;
  /** Inside a group commit's transaction: stores what was reserved since the last one. */
  writeReserved(): void;
  /**
   * After a failed commit, what is stored is read again. Reservations never go back: a
   * create still rendering keeps numbers no later create is given.
   */
  reread(): void;
}

export function sqliteNumbers(db: Db): SqliteNumbers {
  const sequences = new Map<string, { reserved: number; stored: number }>();
  const read = db.prepare<[string], { value: number }>('SELECT value FROM counters WHERE name = ?');
  const write = db.prepare<{ name: string; value: number; stored: number }>(
    `INSERT INTO counters (name, value) VALUES (@name, @value)
     ON CONFLICT (name) DO UPDATE SET value = excluded.value WHERE value = @stored`,
  );
  const reserve = (name: string, count: number): number => {
    let sequence = sequences.get(name);
    if (!sequence) {
      const stored = read.get(name)?.value ?? 0;
      sequence = { reserved: stored, stored };
      sequences.set(name, sequence);
    }
    sequence.reserved += count;
    return sequence.reserved - count + 1;
  };
  return {
    reserve,
    take: (name: SequenceName, count: number) => {
      const first = reserve(name, count);
      return Promise.resolve(Array.from({ length: count }, (_, i) => first + i));
    },
    writeReserved() {
      for (const [name, sequence] of sequences) {
        if (sequence.reserved === sequence.stored) continue;
        const { changes } = write.run({ name, value: sequence.reserved, stored: sequence.stored });
        if (changes !== 1) {
          throw new Error(`The number sequence ${name} was changed by another program; nothing was saved. Try again.`);
        }
        sequence.stored = sequence.reserved;
      }
    },
    reread() {
      for (const [name, sequence] of sequences) {
        sequence.stored = read.get(name)?.value ?? 0;
        sequence.reserved = Math.max(sequence.reserved, sequence.stored);
      }
    },
  };
}
