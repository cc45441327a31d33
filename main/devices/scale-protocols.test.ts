/**
 * The three serial protocols read as scales write them (docs/contract.md §21): each answer's state,
 * and a weight only when steady; what is not the protocol's is said, never taken as a weight.
 */
import { describe, expect, it } from 'vitest';
import { continuous, parseContinuous } from './continuous';
import { nci, parseNci } from './nci';
import { parseSics, sics } from './sics';

const steady = (weight: number, unit: string) => ({ state: 'steady', weight, unit });
const only = (state: string) => ({ state, weight: null, unit: null });
/** An NCI answer as the scale sends it, before the ETX that ends it. */
const nciFrame = (weight: string, s1: number, s2: number) =>
  `\n${weight}\r\n${String.fromCharCode(0x30 | s1, 0x30 | s2)}\r`;

describe('NCI', () => {
  it.each([
    ['steady kg', nciFrame('  1.234kg', 0, 0), steady(1.234, 'KG')],
    ['steady lb', nciFrame('  2.50lb', 0, 0), steady(2.5, 'LB')],
    ['steady oz', nciFrame('  12.5oz', 0, 0), steady(12.5, 'OZ')],
    ['steady g', nciFrame('   1500g', 0, 0), steady(1500, 'G')],
    ['pounds and ounces', nciFrame('  2lb  4.0oz', 0, 0), steady(2.25, 'LB')],
    ['at zero', nciFrame('  0.000kg', 0b10, 0), steady(0, 'KG')],
    ['in motion', nciFrame('  1.234kg', 0b01, 0), only('motion')],
    ['over capacity (status)', nciFrame('  1.234kg', 0, 0b10), only('overload')],
    ['over capacity (weight ^^^)', nciFrame('^^^^^^^kg', 0, 0b10), only('overload')],
    ['under capacity (weight ---)', nciFrame('-------kg', 0, 0b01), only('underload')],
    ['below zero, steady', nciFrame(' -0.020kg', 0, 0), only('underload')],
  ])('%s', (_name, frame, expected) => {
    expect(parseNci(frame)).toEqual(expected);
  });

  it('asks with W\\r and splits answers at ETX, keeping a half-arrived one for later', () => {
    expect(nci.request).toBe('W\r');
    const { frames, rest } = nci.frames(`${nciFrame('  1.000kg', 0, 0)}\x03${nciFrame('  2', 0, 0).slice(0, 4)}`);
    expect(frames.map(parseNci)).toEqual([steady(1, 'KG')]);
    expect(rest).toBe('\n  2');
  });

  it.each([
    ['a question mark', '\n?\r', /did not understand/],
    ['a SICS line', 'S S 1.234 kg\r\n', /not an NCI answer/],
    ['an unknown unit', nciFrame('  1.234tl', 0, 0), /not an NCI weight: " {2}1.234tl"/],
    ['garbled status', '\n  1.234kg\r\n\xff\xfe\r', /not NCI status bytes/],
  ])('says what is wrong with %s', (_name, frame, sentence) => {
    expect(parseNci(frame)).toMatch(sentence);
  });
});

describe('SICS', () => {
  it.each([
    ['steady', 'S S      1.234 kg', steady(1.234, 'KG')],
    ['steady in g', 'S S       1500 g', steady(1500, 'G')],
    ['steady in lb', 'S S    2.50 lb', steady(2.5, 'LB')],
    ['dynamic', 'S D      1.234 kg', only('motion')],
    ['overload', 'S +', only('overload')],
    ['underload', 'S -', only('underload')],
    ['busy', 'S I', only('motion')],
    ['negative and steady', 'S S     -0.012 kg', only('underload')],
  ])('%s', (_name, line, expected) => {
    expect(parseSics(line)).toEqual(expected);
  });

  it('asks with S\\r\\n and splits answers at CR LF', () => {
    expect(sics.request).toBe('S\r\n');
    const { frames, rest } = sics.frames('S S 1.000 kg\r\nS D 1.2');
    expect(frames).toEqual(['S S 1.000 kg']);
    expect(rest).toBe('S D 1.2');
  });

  it.each([
    ['ES', /it did not understand the command/],
    ['ET', /transmission error/],
    ['S S 1.234 ct', /weighs in ct/],
    ['\n  1.234kg', /not a SICS answer/],
  ])('says what is wrong with %j', (line, sentence) => {
    expect(parseSics(line)).toMatch(sentence);
  });
});

describe('continuous output', () => {
  it.each([
    ['A&D steady', 'ST,GS,+0001.234kg', steady(1.234, 'KG')],
    ['A&D steady net, lb', 'ST,NT,+0002.50lb', steady(2.5, 'LB')],
    ['A&D unstable', 'US,GS,+0001.234kg', only('motion')],
    ['A&D overload', 'OL,GS,+9999999kg', only('overload')],
    ['A&D below zero', 'ST,GS,-0000.012kg', only('underload')],
    ['SICS steady', 'S S      1.234 kg', steady(1.234, 'KG')],
    ['SICS dynamic', 'S D      1.234 kg', only('motion')],
  ])('%s', (_name, line, expected) => {
    expect(parseContinuous(line)).toEqual(expected);
  });

  it('never takes a line without a state as a weight', () => {
    expect(parseContinuous('   1.234 kg')).toMatch(/not a line with a scale's state/);
  });

  it('is not asked; lines end at CR, LF or both, and empty ones are skipped', () => {
    expect(continuous.request).toBeNull();
    const { frames, rest } = continuous.frames('ST,GS,+0001.000kg\r\n\r\nUS,GS,+0001.100kg\nST,GS');
    expect(frames).toEqual(['ST,GS,+0001.000kg', 'US,GS,+0001.100kg']);
    expect(rest).toBe('ST,GS');
  });
});
