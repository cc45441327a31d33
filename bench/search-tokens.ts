/**
 * A shipment's search text as tokens for a full-text index (SQLite FTS5, PostgreSQL tsvector or
 * pg_trgm), and today's search (core/search.ts listSearch) as a query over them: the same
 * folding and the same matches as today's terms, so the bench can check every answer equal.
 */
import {
  fold,
  joinedWords,
  listSearch,
  outwardCode,
  words,
  type ListSearch,
  type SearchableShipment,
} from '../main/core/search';
import { postCodeKey } from '../main/core/postcodes';
import type { ShipmentStatus } from '../main/core/schemas';
import type { ListFilter } from '../main/core/storage';
import type { ListCase } from './service';
/**
 * A term as one token of [a-z0-9]: `z` and every other character escaped, each as a code of its
 * own that no other starts (`zz`; `z` + two hex digits; `zg` + four), so a prefix of a value is
 * a prefix of its token and no two values share one.
 */
export const enc = (s: string) =>
  s.replace(/[^a-y0-9]/g, (c) => {
    if (c === 'z') return 'zz';
    const code = c.charCodeAt(0);
    return code < 0x100 ? `z${code.toString(16).padStart(2, '0')}` : `zg${code.toString(16).padStart(4, '0')}`;
  });

/**
 * A shipment's FTS5 text: its tokens, each led by its kind as today's terms are (n a word of
 * the full name, b of the business name, j a word written with punctuation, whole; r a
 * reference; p a post code; d its district; e an email). The name's word runs, pairs and
 * corrections of today's terms are not needed: FTS5 intersects words and returns each id once.
 */
export function ftsText(s: SearchableShipment): string {
  const a = s.deliveryAddress;
  const tokens = new Set<string>();
  for (const w of words(a.fullName)) tokens.add(`n${w}`);
  for (const w of words(a.businessName)) tokens.add(`b${w}`);
  for (const w of [...joinedWords(a.fullName), ...joinedWords(a.businessName)]) tokens.add(`j${w}`);
  for (const reference of [s.referenceOne, s.referenceTwo, s.referenceThree]) {
    const folded = fold(reference.trim());
    if (folded !== '') tokens.add(`r${enc(folded)}`);
  }
  const postCode = postCodeKey(a.postZipCode).toLowerCase();
  if (postCode !== '') tokens.add(`p${enc(postCode)}`);
  const outward = outwardCode(a.postZipCode).toLowerCase();
  if (outward !== '') tokens.add(`d${enc(outward)}`);
  const email = a.emailAddress.trim().toLowerCase();
  if (email !== '') tokens.add(`e${enc(email)}`);
  return [...tokens].join(' ');
}

/** Today's search (core/search.ts listSearch) as an FTS5 MATCH expression, or null when nothing of it is in FTS5. */
export function ftsMatch(search: ListSearch): string | null {
  const token = (t: string, prefix = false) => `"${t}"${prefix ? '*' : ''}`;
  const pair = (term: string) => {
    const [first, last] = term.slice(2).split(' ') as [string, string];
    return `((${token(`n${first}`)} AND ${token(`n${last}`, true)}) OR (${token(`b${first}`)} AND ${token(`b${last}`, true)}))`;
  };
  const clauses: string[] = [];
  for (const term of search.exactTerms) {
    const value = term.slice(2).toLowerCase();
    if (value !== '') clauses.push(token(`${term[0]}${enc(value)}`));
  }
  for (const term of search.prefixTerms) {
    const kind = term.slice(0, 2);
    const value = term.slice(2);
    if (kind === 'n:') clauses.push(`(${['n', 'b', 'j'].map((k) => token(k + value, true)).join(' OR ')})`);
    else if (kind === 'm:') clauses.push(pair(term));
    else clauses.push(token(`${kind[0]}${enc(value.toLowerCase())}`, true));
  }
  if (search.allPrefixes.length > 0) clauses.push(`(${search.allPrefixes.map(pair).join(' AND ')})`);
  return clauses.length === 0 ? null : clauses.join(' OR ');
}

/** The bench's search shapes as the store's filters: newest first, the first page of `limit`. */
export function shapeFilters(cases: ListCase[], limit: number): { shape: string; filter: ListFilter }[] {
  return cases.map((c) => {
    const q = new URLSearchParams(c.query);
    const filter: ListFilter = {
      statuses: q.getAll('Status') as ShipmentStatus[],
      from: null,
      to: null,
      newestFirst: true,
      limit,
      offset: 0,
      search: listSearch(q.get('Search')!),
    };
    return { shape: c.name.replace(/^search: /, ''), filter };
  });
}
