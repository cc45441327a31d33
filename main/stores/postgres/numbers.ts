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

export function postgresNumbers(pool: pg.Pool): NumberStore {
  const known = new Set<string>(['shipment_number_seq', 'manifest_number_seq']);
  const ensure = async (sequence: string) => {
    if (known.has(sequence)) return;
    // IF NOT EXISTS alone is not safe when two desks run it at once (one of them fails on the
    // catalog's unique index): the lock makes them take turns.
    await inTransaction(pool, async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [CREATE_SEQUENCE_LOCK.toString()]);
      // The name is not a value: it comes from sequenceFor's fixed pattern, never from input as is.
      await tx.query(`CREATE SEQUENCE IF NOT EXISTS ${sequence}`);
    });
    known.add(sequence);
  };
  return {
    async take(name: SequenceName, count: number): Promise<number[]> {
      const sequence = sequenceFor(name);
      await ensure(sequence);
      // nextval is not transactional: a number is never handed out twice, even when the
      // create that took it fails (a gap, never a reuse).
      const { rows } = await pool.query<{ n: number }>(
        'SELECT nextval($1::regclass) AS n FROM generate_series(1, $2) ORDER BY n',
        [sequence, count],
      );
      return rows.map((r) => r.n);
    },
  };
}
