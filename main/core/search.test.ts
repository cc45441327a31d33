import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CORRECTION, listSearch, shipmentSearchTerms } from './search';

const terms = (fullName: string, businessName = '', referenceOne = '') =>
  shipmentSearchTerms({
    deliveryAddress: { fullName, businessName, postZipCode: '', emailAddress: '' },
    referenceOne,
    referenceTwo: '',
    referenceThree: '',
  });

describe('search terms', () => {
  it('hold every ordered pair of a name’s words, and a multi-word query reads one pair range per word', () => {
    expect(terms('Anna Smith')).toEqual(expect.arrayContaining(['m:anna smith', 'm:smith anna']));
    expect(listSearch('smith an')).toMatchObject({ prefixTerms: ['r:smith an', 'm:smith an'], allPrefixes: [] });
    expect(listSearch("o'brien smith sam")).toMatchObject({ allPrefixes: ['m:o sam', 'm:brien sam', 'm:smith sam'] });
    // One character is no name prefix: it would count most of the book.
    expect(listSearch('a.').prefixTerms).toEqual(['r:a.']);
  });

  it('find a post code by its outward part, alone or with the start of the inward part', () => {
    const district = (postZipCode: string) =>
      shipmentSearchTerms({
        deliveryAddress: { fullName: '', businessName: '', postZipCode, emailAddress: '' },
        referenceOne: '',
        referenceTwo: '',
        referenceThree: '',
      }).filter((t) => t.startsWith('d:'));
    expect(district('SW1A 1AA')).toEqual(['d:SW1A']);
    expect(district('K1A 0B1')).toEqual(['d:K1A']);
    expect(district('75001')).toEqual([]);
    expect(district('90-001')).toEqual([]);
    expect(listSearch('sw1a').exactTerms).toContain('d:SW1A');
    expect(listSearch('Smith').exactTerms).not.toContain('d:SMITH');
    expect(listSearch('SW1A 1').prefixTerms).toContain('p:SW1A1');
    expect(listSearch('anna sm').prefixTerms).not.toContain('p:ANNASM');
  });

  it('correct a prefix range only where a query can reach the shared prefix', () => {
    const corrections = (t: string[]) => t.filter((x) => x.startsWith(CORRECTION)).map((x) => x.split('\x01')[0]);
    expect(corrections(terms('Anna Smith', 'Smith & Smithson Tools'))).toEqual([
      'xm:tools smith',
      'xn:smith',
      'xn:smith',
    ]);
    // `n:o` and `m:co ` are no query's range (one character; a pair's second word not begun).
    expect(corrections(terms('Oliver Smith', 'Oak Coffee Co'))).toEqual(['xm:oak co', 'xn:co']);
  });

  // The stores count a prefix range's shipments as its rows minus its correction rows.
  it('make rows minus corrections the number of shipments a range finds, whatever the names', () => {
    const word = fc.constantFrom(
      'a',
      'ab',
      'abc',
      'b',
      'ba',
      'co',
      'coffee',
      'smith',
      'smithson',
      "o'brien",
      'Łódź',
      'lodz',
    );
    const name = fc.array(word, { maxLength: 5 }).map((w) => w.join(' '));
    const shipment = fc.record({ full: name, business: name, reference: name });
    const query = fc
      .array(word, { minLength: 1, maxLength: 3 })
      .map((w) => w.join(' '))
      .filter((q) => q.trim().length >= 2);
    fc.assert(
      fc.property(fc.array(shipment, { minLength: 1, maxLength: 12 }), query, (shipments, q) => {
        const all = shipments.map((s) => terms(s.full, s.business, s.reference));
        for (const prefix of listSearch(q).prefixTerms) {
          const rows = all.reduce((n, t) => n + t.filter((x) => x.startsWith(prefix)).length, 0);
          const corrections = all.reduce((n, t) => n + t.filter((x) => x.startsWith(CORRECTION + prefix)).length, 0);
          const found = all.filter((t) => t.some((x) => x.startsWith(prefix))).length;
          expect(rows - corrections, `${q} ${prefix}`).toBe(found);
        }
      }),
      { seed: 18, numRuns: 2000 },
    );
  });
});
