/**
 * Number sequences as PostgreSQL sequences: unique across every desk on the database, never
 * handed out twice, durable on their own (a create that then fails leaves a gap).
 */
import type pg from 'pg';
import type { NumberStore, SequenceName } from '../../core/storage';

/** A carrier's tracking sequence is made the first time that carrier ships; one desk at a time. */
const CREATE_SEQUENCE_LOCK = 0x5353_5345_5155_454en;

export function sequenceFor(name: SequenceName): string {
  if (name === 'shipment-number') return 'shipment_number_seq';
  const prefix = /^tracking-serial:([A-Z]{2})$/.exec(name)?.[1];
  if (!prefix) throw new Error(`No number sequence is named ${name}`);
  return `tracking_serial_${prefix.toLowerCase()}_seq`;
}

export function postgresNumbers(pool: pg.Pool): NumberStore {
  const known = new Set<string>(['shipment_number_seq']);
  const ensure = async (sequence: string) => {
    if (known.has(sequence)) return;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [CREATE_SEQUENCE_LOCK.toString()]);
      await client.query(`CREATE SEQUENCE IF NOT EXISTS ${sequence}`);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    known.add(sequence);
  };
  return {
    async take(name: SequenceName, count: number): Promise<number[]> {
      const sequence = sequenceFor(name);
      await ensure(sequence);
      const { rows } = await pool.query<{ n: number }>(
        'SELECT nextval($1::regclass) AS n FROM generate_series(1, $2) ORDER BY n',
        [sequence, count],
      );
      return rows.map((r) => r.n);
    },
  };
}
