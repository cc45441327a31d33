/**
 * The texts of tracking events (description, location, user) kept once each in
 * event_texts, the events holding their ids (shared/columns.ts `eventText`): a handful of
 * texts repeat across millions of events. Reads turn ids into texts in SQL; writes find
 * each text's id here, from memory for texts seen before.
 *
 * An id learnt inside a transaction is trusted only once that transaction commits: a
 * rolled-back text's id goes to the next new text, so remembering it would give events
 * the wrong text. Another program writing the same file adds texts too; a text this one
 * has not seen is looked up (and added) in the database, never assumed new.
 */
import type { Db } from './database';

/** Texts remembered at most; past it the memory starts again (free texts need not fill it). */
const REMEMBERED = 4096;

export interface EventTexts {
  /** The id of `text`, stored first when new (inside the write's transaction). */
  idOf(text: string): number;
  /** After a group commit's transaction committed: the ids it learnt are sure. */
  committed(): void;
  /** After any write was undone (a transaction or a savepoint rolled back). */
  undone(): void;
}

export function eventTexts(db: Db): EventTexts {
  const add = db.prepare<[string]>('INSERT OR IGNORE INTO event_texts (text) VALUES (?)');
  const find = db.prepare<[string], number>('SELECT id FROM event_texts WHERE text = ?').pluck();
  const known = new Map<string, number>();
  let learnt = new Map<string, number>();
  const remember = (into: Map<string, number>, text: string, id: number) => {
    if (into.size >= REMEMBERED) into.clear();
    into.set(text, id);
  };
  return {
    idOf(text: string): number {
      // id 0, which SQLite stores in no bytes at all (the migration's first row).
      if (text === '') return 0;
      const id = known.get(text) ?? learnt.get(text);
      if (id !== undefined) return id;
      add.run(text);
      const found = find.get(text)!;
      remember(db.inTransaction ? learnt : known, text, found);
      return found;
    },
    committed() {
      if (learnt.size === 0) return;
      for (const [text, id] of learnt) remember(known, text, id);
      learnt = new Map();
    },
    undone() {
      if (learnt.size > 0) learnt = new Map();
    },
  };
}

/** The encoders `values` takes for an event's texts. */
export function eventTextIds(texts: EventTexts) {
  const id = (text: string) => texts.idOf(text);
  return { description: id, location: id, user: id };
}
