/**
 * Number sequences as PostgreSQL sequences: unique across every desk on the database, never
 * handed out twice, durable on their own (a create that then fails leaves a gap).
 */
import type pg from 'pg';
import type { NumberStore, SequenceName } from '../../core/storage';
import { inTransaction } from './pool';

/** A carrier's tracking sequence is made the first time that carrier ships; one desk at a time. */
const CREATE_SEQUENCE_LOCK = 0x5353_5345_5155_454en;

export function sequenceFor(name: SequenceName): string {
  if (name === 'shipment-number') return 'shipment_number_seq';
  if (name === 'manifest-number') return 'manifest_number_seq';
  const prefix = /^tracking-serial:([A-Z]{2})$/.exec(name)?.[1];
  if (!prefix) throw new Error(`No number sequence is named ${name}`);
  return `tracking_serial_${prefix.toLowerCase()}_seq`;
}

/**
 * Every take asked in one turn of the event loop, in one statement: a create's shipment
 * number and tracking serials are one round trip, not two. nextval is not transactional: a
 * number is never handed out twice, even when the create that took it fails (a gap, never a
 * reuse). Each take's numbers are sorted, so ascending.
 */
const TAKE = {
  name: 'ss_take_numbers',
  text: `SELECT t.take::int AS take, nextval(t.seq::regclass) AS n
    FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS t(seq, count, take), generate_series(1, t.count)`,
};

interface Take {
  sequence: string;
  count: number;
  resolve: (numbers: number[]) => void;
  reject: (error: unknown) => void;
}

export function postgresNumbers(pool: pg.Pool): NumberStore {
  const known = new Set<string>(['shipment_number_seq', 'manifest_number_seq']);
  /** Each sequence made once per desk, however many creates first ask for it at once. */
  const making = new Map<string, Promise<void>>();
  const make = async (sequence: string) => {
    // IF NOT EXISTS alone is not safe when two desks run it at once (one of them fails on the
    // catalog's unique index): the lock makes them take turns.
    await inTransaction(pool, async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [CREATE_SEQUENCE_LOCK.toString()]);
      // The name is not a value: it comes from sequenceFor's fixed pattern, never from input as is.
      await tx.query(`CREATE SEQUENCE IF NOT EXISTS ${sequence}`);
    });
    known.add(sequence);
  };
  const ensure = (sequence: string): Promise<void> => {
    let made = making.get(sequence);
    if (!made) {
      // A failure is not kept: the next take tries again.
      made = make(sequence).finally(() => making.delete(sequence));
      making.set(sequence, made);
    }
    return made;
  };

  let batch: Take[] = [];
  const draw = async () => {
    const takes = batch;
    batch = [];
    try {
      const { rows } = await pool.query<{ take: number; n: number }>({
        ...TAKE,
        values: [takes.map((t) => t.sequence), takes.map((t) => t.count)],
      });
      const numbers = takes.map((): number[] => []);
      for (const row of rows) numbers[row.take - 1]!.push(row.n);
      takes.forEach((t, i) => t.resolve(numbers[i]!.sort((x, y) => x - y)));
    } catch (error) {
      for (const t of takes) t.reject(error);
    }
  };

  return {
    async take(name: SequenceName, count: number): Promise<number[]> {
      const sequence = sequenceFor(name);
      if (!known.has(sequence)) await ensure(sequence);
      return new Promise((resolve, reject) => {
        if (batch.length === 0) queueMicrotask(() => void draw());
        batch.push({ sequence, count, resolve, reject });
      });
    },
  };
}
