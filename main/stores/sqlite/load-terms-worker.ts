/**
 * Worker thread of a bulk load (load-terms.ts): computes the search terms of each batch of
 * loaded shipments and stages them in a file of its own, on the second core while the main
 * thread writes the next batch's rows, and sorts them at the load's end, for the desk to copy
 * in that order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { shipmentSearchTerms } from '../../core/search';
import { openConnection } from './connection';
import type { StagedShipment, TermsJob, TermsReply } from './load-terms';

const { file, binding } = workerData as TermsJob;
const tell = (reply: TermsReply) => parentPort!.postMessage(reply);

try {
  const db = openConnection(file, {}, binding);
  // A scratch file: if the process dies, the next open computes the terms from the rows.
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.exec(`DROP TABLE IF EXISTS terms; DROP TABLE IF EXISTS sorted;
    CREATE TABLE terms (term TEXT NOT NULL, shipment_id INTEGER NOT NULL, created_on INTEGER NOT NULL,
      piece_count INTEGER NOT NULL, status_code INTEGER NOT NULL)`);
  const stage = db.prepare<[string, number, number, number, number]>('INSERT INTO terms VALUES (?, ?, ?, ?, ?)');
  const stageAll = db.transaction((shipments: StagedShipment[]) => {
    for (const s of shipments)
      for (const term of shipmentSearchTerms(s)) stage.run(term, s.id, s.createdOn, s.pieceCount, s.statusCode);
  });
  parentPort!.on('message', (message: StagedShipment[] | 'end') => {
    try {
      if (message === 'end') {
        // Sorted here, on this core, while the main thread builds the rows' indexes: the
        // desk then reads them in key order with no sort of its own.
        db.exec(`CREATE TABLE sorted (term TEXT NOT NULL, shipment_id INTEGER NOT NULL,
            created_on INTEGER NOT NULL, piece_count INTEGER NOT NULL, status_code INTEGER NOT NULL,
            PRIMARY KEY (term, shipment_id)) WITHOUT ROWID;
          INSERT INTO sorted SELECT * FROM terms ORDER BY term, shipment_id`);
        db.close();
        tell({ kind: 'done' });
      } else {
        stageAll(message);
        tell({ kind: 'staged' });
      }
    } catch (error) {
      tell({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  });
} catch (error) {
  tell({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
}
