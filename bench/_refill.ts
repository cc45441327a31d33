import Database from 'better-sqlite3';
import { backfillSearchTerms } from '../main/stores/sqlite/migrations/0005-search-terms';
const db = new Database('/tmp/i18-bench/large/shipping-station.db');
db.pragma('journal_mode = OFF'); db.pragma('synchronous = OFF'); db.pragma('cache_size = -1000000');
const t = performance.now();
db.transaction(() => { db.exec('DELETE FROM shipment_search_terms'); backfillSearchTerms(db); })();
console.log('refilled in', Math.round(performance.now() - t), 'ms', db.prepare('SELECT count(*) FROM shipment_search_terms').pluck().get());
db.pragma('journal_mode = WAL');
db.close();
