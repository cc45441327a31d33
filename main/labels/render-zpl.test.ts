import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfPageTexts } from '../../test/helpers/pdf';
import { zplBarcodes, zplTexts, zplToPngs } from '../../test/helpers/zpl';
import { longCyrillicLabelData, sampleLabelData } from './label-fixtures';
import { renderLabelSync } from './render-label';
import { renderZplSync } from './render-zpl';

const zplOf = (...args: Parameters<typeof renderZplSync>) => renderZplSync(...args).toString('latin1');
const words = (lines: string[]) => lines.join(' ').split(/\s+/).filter(Boolean).sort();

describe('ZPL labels', () => {
  const three = sampleLabelData(3);
  const trackings = three.pieces.map((p) => p.trackingNumber);

  it('one ^XA…^XZ label per piece, at the exact dot size of 4×6 in and A6 at 203 and 300 dpi', () => {
    const cases = [
      ['4x6', 203, 812, 1218],
      ['4x6', 300, 1200, 1800],
      ['A6', 203, 839, 1183],
      ['A6', 300, 1240, 1748],
    ] as const;
    for (const [size, dpi, w, h] of cases) {
      const zpl = zplOf(three, { size, dpi, format: 'zpl' });
      expect(zpl.match(/\^XA/g)).toHaveLength(3);
      expect(zpl.match(/\^XZ/g)).toHaveLength(3);
      expect(zpl.match(/\^PW(\d+)\^LL(\d+)/g)).toEqual(Array(3).fill(`^PW${w}^LL${h}`));
    }
  });

  it('is byte-identical every time, and plain ASCII', () => {
    const a = renderZplSync(longCyrillicLabelData(2), { size: '4x6', dpi: 203 });
    renderZplSync(sampleLabelData(2), { size: '4x6', dpi: 300 });
    const b = renderZplSync(longCyrillicLabelData(2), { size: '4x6', dpi: 203 });
    expect(a.equals(b)).toBe(true);
    expect(a.every((byte) => byte === 0x0a || (byte >= 0x20 && byte <= 0x7e))).toBe(true);
  });

  it.each([203, 300] as const)("Code 128 and QR scan back to each piece's tracking number at %i dpi", async (dpi) => {
    const pages = await zplBarcodes(zplOf(three, { size: '4x6', dpi }), dpi);
    expect(pages).toHaveLength(3);
    pages.forEach((symbols, i) => {
      expect(symbols.find((s) => s.type === 'CODE-128')?.data).toBe(trackings[i]);
      expect(symbols.find((s) => s.type === 'QR-Code')?.data).toBe(`${trackings[i]}|${three.shipmentNumber}|SW1A 1AA`);
    });
  });

  it('the A6 label scans too', async () => {
    const pages = await zplBarcodes(zplOf(three, { size: 'A6', dpi: 203 }), 203, { widthMm: 105, heightMm: 148 });
    expect(pages.map((p) => p.find((s) => s.type === 'CODE-128')?.data)).toEqual(trackings);
  });

  it('carries the same text as the PDF, page by page', async () => {
    for (const data of [three, longCyrillicLabelData(2)]) {
      const pdfPages = await pdfPageTexts(renderLabelSync(data, { size: '4x6' }));
      const zplPages = zplTexts(zplOf(data, { size: '4x6', dpi: 203 }));
      expect(zplPages).toHaveLength(pdfPages.length);
      zplPages.forEach((lines, i) => expect(words(lines)).toEqual(words([pdfPages[i]!])));
    }
  });

  it('keeps one typeface a label: all font 0 when it can show every line, otherwise every line a ^GF picture', () => {
    const ascii = zplOf(sampleLabelData(1), { size: '4x6', dpi: 203 });
    expect(ascii).toMatch(/\^A0N/);
    expect(ascii).not.toMatch(/\^GFA/);
    const data = sampleLabelData(1);
    data.deliveryAddress.city = 'Łódź';
    const mixed = zplOf(data, { size: '4x6', dpi: 203 });
    expect(mixed).not.toMatch(/\^A0N/);
    // A picture for every line of text: as many as the ASCII label has font 0 fields.
    expect(mixed.match(/\^GFA/g)).toHaveLength(ascii.match(/\^A0N/g)!.length);
  });

  it('draws Łódź, Αθήνα and Москва from the label font as ^GF graphics, so a stock printer prints them', async () => {
    const data = sampleLabelData(1);
    data.deliveryAddress.city = 'Łódź';
    data.deliveryAddress.county = 'Москва';
    data.collectionAddress.city = 'Αθήνα';
    const zpl = zplOf(data, { size: '4x6', dpi: 203 });
    expect(zpl).toContain('^FX\\u{141}\\u{f3}d\\u{17a}, \\u{41c}');
    expect(zpl).toMatch(/\^FX\\u\{391\}/);
    expect(zpl.match(/\^GFA,/g)!.length).toBeGreaterThanOrEqual(2);
    // The renderer draws those pictures: without them the label comes out different.
    const size = { widthMm: 101.6, heightMm: 152.4 };
    const [withNames] = await zplToPngs(zpl, 203, size);
    const [withoutNames] = await zplToPngs(zpl.replace(/\^GFA[^^]*/g, ''), 203, size);
    expect(withNames!.equals(withoutNames!)).toBe(false);
    if (process.env.SHIPPING_STATION_KEEP_LABELS) {
      const dir = await mkdtemp(join(tmpdir(), 'ss-zpl-look-'));
      await writeFile(join(dir, 'label.png'), withNames!);
      console.log(`ZPL label picture: ${dir}/label.png`);
    }
  });

  it('long names and instructions shrink or wrap inside the label', () => {
    const zpl = zplOf(longCyrillicLabelData(1), { size: '4x6', dpi: 203 });
    for (const m of zpl.matchAll(/\^FO(\d+),(\d+)[^\n]*?\^FB(\d+),/g)) {
      expect(Number(m[1]) + Number(m[3])).toBeLessThanOrEqual(812);
    }
    for (const m of zpl.matchAll(/\^FO(-?\d+),(-?\d+)(?:\^FR)?\^GFA,\d+,\d+,(\d+),/g)) {
      expect(Number(m[1])).toBeGreaterThanOrEqual(0);
      expect(Number(m[1]) + Number(m[3]) * 8).toBeLessThanOrEqual(812 + 8);
    }
  });

  it('shows the delivery phone', () => {
    expect(zplTexts(zplOf(sampleLabelData(1), { size: '4x6' }))[0]).toContain('Tel. +44 20 7946 0018');
  });
});
