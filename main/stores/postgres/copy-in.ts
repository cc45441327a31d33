/**
 * Rows into a table by COPY FROM STDIN, as text lines (copy-text.ts) sent in chunks as the
 * server takes them (the pipeline waits on the stream's backpressure): never a whole table
 * in memory. FREEZE writes the rows already visible to all, so the table must have been
 * created or emptied in the same transaction.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** About this much text goes to the server per write: few calls, bounded memory. */
const CHUNK_CHARS = 256 * 1024;

/** COPYs `lines` into `target` (`table (column, …)`); the rows the server took. */
export async function copyIn(client: pg.ClientBase, target: string, lines: Iterable<string>): Promise<number> {
  function* chunks(): Generator<string> {
    let chunk = '';
    for (const line of lines) {
      chunk += line;
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  const into = client.query(copyFrom(`COPY ${target} FROM STDIN WITH (FREEZE)`));
  await pipeline(Readable.from(chunks()), into);
  return into.rowCount;
}
