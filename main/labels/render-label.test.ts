import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfBarcodes, pdfFonts, pdfInfo, pdfPageTexts, pdfText } from '../../test/helpers/pdf';
import type { LabelData } from '../core/label-data';
import { emptyAddress } from '../core/schemas';
import { longCyrillicLabelData, piece, sampleLabelData } from './label-fixtures';
import {
  formatTrackingNumber,
  loadLabelFonts,
  renderLabel,
  renderLabelSync,
  resolveFontsDir,
  RESOURCES_DIR_ENV,
} from './render-label';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** pdftotext -layout pads columns with runs of spaces; compare words, not layout. */
const squash = (s: string) => s.replace(/\s+/g, ' ');

const three = sampleLabelData(3);
const trackings = three.pieces.map((p) => p.trackingNumber);

describe('renderLabel', () => {
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await renderLabel(three, { size: '4x6' });
  });

  it('is a PDF with one 4×6 inch page per piece', async () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const info = await pdfInfo(pdf);
    expect(info.pages).toBe(3);
    expect(info.width).toBeCloseTo(288, 1);
    expect(info.height).toBeCloseTo(432, 1);
    const last = await pdfInfo(pdf, 3);
    expect([last.width, last.height]).toEqual([info.width, info.height]);
  });

  it('stays small: unhinted font subsets, barcodes in module units', async () => {
    // Labels travel base 64 in JSON with every create; sizes seen: 24 KB and 45 KB.
    expect((await renderLabel(sampleLabelData(1), { size: '4x6' })).length).toBeLessThan(30_000);
    expect((await renderLabel(sampleLabelData(10), { size: '4x6' })).length).toBeLessThan(55_000);
  });

  it('renders A6 at 297.64 × 419.53 pt', async () => {
    const info = await pdfInfo(await renderLabel(three, { size: 'A6' }));
    expect(info.pages).toBe(3);
    expect(info.width).toBeCloseTo(297.64, 1);
    expect(info.height).toBeCloseTo(419.53, 1);
  });

  it('prints what a sorter and a driver need on every page', async () => {
    const pages = await pdfPageTexts(pdf);
    expect(pages).toHaveLength(3);
    pages.forEach((raw, i) => {
      const text = squash(raw);
      const tracking = trackings[i] ?? '';
      expect(text).toContain(formatTrackingNumber(tracking));
      expect(text.replace(/ /g, '')).toContain(tracking);
      expect(text).toContain(`Piece ${i + 1} of 3`);
      for (const s of ['Speedex Parcels', 'Next Day Delivery by 12:00', 'NDA', 'SS00001042']) {
        expect(text).toContain(s);
      }
      expect(text).toContain('SW1A 1AA');
      expect(text).toContain('UNITED KINGDOM');
      expect(text).toContain('Eleanor Whitfield');
      expect(text).toContain('27 Marlborough Gardens');
      expect(text).toContain('London, Greater London');
      expect(text).toContain('2026-11-21');
      expect(text).toContain(`${2.5 * (i + 1)} KG`);
      expect(text).toContain(`40 × 30 × ${21 + i} CM`);
      expect(text).toContain('PO-778812 / ORDER 55120');
      expect(text).toContain('Signature on delivery, Saturday delivery');
      expect(text).toContain('Leave with the concierge if there is no answer.');
      expect(text).toContain('Northwind Traders Ltd');
      expect(text).toContain('Manchester M17 1HH, United Kingdom');
      expect(text).not.toContain('CUSTOMS');
    });
  });

  it('embeds subsets of Noto Sans with Unicode maps, and no other font', async () => {
    const fonts = await pdfFonts(pdf);
    expect(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    for (const f of fonts) expect(f).toMatchObject({ embedded: true, subset: true, unicode: true });
  });

  it('groups S10 tracking numbers for people', () => {
    expect(formatTrackingNumber('SX123456785GB')).toBe('SX 1234 5678 5 GB');
    expect(formatTrackingNumber('1Z999AA10123456784')).toBe('1Z99 9AA1 0123 4567 84');
  });

  it('shows customs fields when present', async () => {
    const text = squash(await pdfText(await renderLabel(longCyrillicLabelData(1), { size: '4x6' })));
    expect(text).toContain('CUSTOMS');
    expect(text).toContain('HS 6109100010');
    expect(text).toContain("Men's knitted cotton T-shirts");
  });

  it('prints Latin Extended, Greek and Cyrillic as written', async () => {
    const data: LabelData = {
      ...sampleLabelData(1),
      deliveryAddress: {
        ...emptyAddress(),
        fullName: 'Łukasz Żółć',
        businessName: 'Ærøskøbing Købmandsgård',
        addressLine1: 'Hauptstraße 5',
        addressLine2: 'Οδός Ερμού 12',
        addressLine3: 'Αθήνα',
        city: 'Łódź',
        county: 'Москва',
        countryTwoCharacterISOCode: 'PL',
        postZipCode: '90-001',
      },
    };
    const text = squash(await pdfText(await renderLabel(data, { size: '4x6' })));
    for (const s of ['Łukasz Żółć', 'Ærøskøbing Købmandsgård', 'Hauptstraße 5', 'Οδός Ερμού 12']) {
      expect(text).toContain(s);
    }
    expect(text).toContain('Αθήνα');
    expect(text).toContain('Łódź, Москва');
    expect(text).toContain('90-001 POLAND');
  });

  it('replaces characters no font has with "?" and drops control characters', async () => {
    const data: LabelData = {
      ...sampleLabelData(1),
      deliveryAddress: {
        ...sampleLabelData(1).deliveryAddress,
        fullName: '東京 Tanaka 📦',
        addressLine1: 'Bell\u0007 Road\u0000 \u{10FFFF}',
        addressLine2: 'Line\r\nbreak\tand\u200b zero width',
        city: '東京',
        countryTwoCharacterISOCode: 'JP',
      },
      deliveryInstructions: 'Ring ❤️‍🔥 twice',
    };
    const pdf1 = await renderLabel(data, { size: '4x6' });
    expect((await pdfInfo(pdf1)).pages).toBe(1);
    const text = squash(await pdfText(pdf1));
    expect(text).toContain('?? Tanaka ?');
    expect(text).toContain('Bell Road ?');
    expect(text).toContain('Line break and zero width');
    expect(text).toContain('JAPAN');
    // ❤️‍🔥 is ❤ + VS16 + ZWJ + 🔥: the invisible joiners go, each visible one is a "?".
    expect(text).toContain('Ring ?? twice');
    expect(text).not.toMatch(/[東京📦]/u);
  });

  it('shrinks or cuts text that does not fit and never adds a page', async () => {
    const long = 'Wolfeschlegelsteinhausenbergerdorff '.repeat(12);
    const base = longCyrillicLabelData(1);
    const data: LabelData = {
      ...base,
      carrier: { code: 'X', name: long },
      service: { code: 'VERYLONGSERVICECODE', name: long },
      deliveryAddress: { ...base.deliveryAddress, fullName: long, addressLine1: long, city: long },
      collectionAddress: { ...base.collectionAddress, addressLine1: long },
      deliveryInstructions: long.repeat(3),
      descriptionOfGoods: long,
      features: Array.from({ length: 30 }, (_, i) => `Feature ${i}`),
      pieces: [piece(1, { description: long, weight: 123456.789, length: 99999 })],
    };
    for (const size of ['4x6', 'A6'] as const) {
      const out = await renderLabel(data, { size });
      expect((await pdfInfo(out)).pages).toBe(1);
      const text = await pdfText(out);
      expect(text).toContain('…');
      expect(squash(text)).toContain(formatTrackingNumber(base.pieces[0]?.trackingNumber ?? ''));
    }
  });

  it('renders a label whose optional fields are all empty', async () => {
    const data: LabelData = {
      ...sampleLabelData(1),
      features: [],
      references: { one: '', two: '', three: '' },
      deliveryInstructions: '',
      service: { code: '', name: 'Standard' },
      deliveryAddress: {
        ...emptyAddress(),
        businessName: 'Acme',
        addressLine1: '2 Low Rd',
        city: 'York',
        countryTwoCharacterISOCode: 'GB',
        postZipCode: 'YO1 7HH',
      },
      pieces: [piece(1, { description: '' })],
    };
    const out = await renderLabel(data, { size: '4x6' });
    const text = squash(await pdfText(out));
    expect(text).toContain('Acme');
    expect(text).toContain('YO1 7HH');
    for (const absent of ['REFERENCE', 'SERVICES', 'INSTRUCTIONS', 'CONTENTS', 'CUSTOMS']) {
      expect(text).not.toContain(absent);
    }
  });

  it('renders only the pieces asked for, in the order asked', async () => {
    const out = await renderLabel(three, { size: '4x6', pieces: [3, 1] });
    const pages = (await pdfPageTexts(out)).map(squash);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Piece 3 of 3');
    expect(pages[0]).toContain(formatTrackingNumber(trackings[2] ?? ''));
    expect(pages[1]).toContain('Piece 1 of 3');
    expect(() => renderLabelSync(three, { size: '4x6', pieces: [4] })).toThrow(RangeError);
    expect(() => renderLabelSync(three, { size: '4x6', pieces: [] })).toThrow(RangeError);
  });
});

describe('label barcodes', () => {
  it.each([300, 203])('scan at %i dpi: Code 128 is the tracking number, QR holds it', async (dpi) => {
    const pages = await pdfBarcodes(await renderLabel(three, { size: '4x6' }), dpi);
    expect(pages).toHaveLength(3);
    pages.forEach((symbols, i) => {
      const tracking = trackings[i];
      expect(symbols.filter((s) => s.type === 'CODE-128')).toEqual([{ type: 'CODE-128', data: tracking }]);
      const qr = symbols.filter((s) => s.type === 'QR-Code');
      expect(qr).toHaveLength(1);
      expect(qr[0]?.data.split('|')).toEqual([tracking, 'SS00001042', 'SW1A 1AA']);
    });
  });

  it('scans on A6 with a long, Cyrillic, international label', async () => {
    const data = longCyrillicLabelData(2);
    const pages = await pdfBarcodes(await renderLabel(data, { size: 'A6' }), 300);
    pages.forEach((symbols, i) => {
      const tracking = data.pieces[i]?.trackingNumber;
      expect(symbols.find((s) => s.type === 'CODE-128')?.data).toBe(tracking);
      expect(symbols.find((s) => s.type === 'QR-Code')?.data).toBe(`${tracking}|SS00001042|123001`);
    });
  });
});

describe('determinism', () => {
  // Ligatures matter: fontkit would otherwise remember which code points first reached
  // a glyph ("ffi" in "office" or U+FB03), and PDFKit writes them into the ToUnicode map.
  const cyrillic = longCyrillicLabelData(3);
  const data: LabelData = {
    ...cyrillic,
    deliveryAddress: { ...cyrillic.deliveryAddress, businessName: 'Official Affluent Waffles' },
    deliveryInstructions: 'Leave at the office, first floor, by the fluffy waffle stand.',
  };
  // The same glyphs reached through presentation-form code points, in both weights.
  const ligatures = 'ﬀ ﬁ ﬂ ﬃ ﬄ µ μ';
  const decoy = sampleLabelData(1);
  decoy.deliveryAddress.fullName = ligatures;
  decoy.deliveryAddress.addressLine1 = ligatures;
  decoy.deliveryInstructions = ligatures;

  it('gives byte-identical PDFs for the same input', async () => {
    const a = await renderLabel(data, { size: '4x6' });
    await renderLabel(decoy, { size: 'A6' });
    const b = renderLabelSync(structuredClone(data), { size: '4x6' });
    expect(b.equals(a)).toBe(true);
    expect(squash(await pdfText(b))).toContain('Leave at the office, first floor, by the fluffy');
    // The only dates inside are the despatch date (CreationDate and ModDate).
    const dates = a.toString('latin1').match(/\(D:\d{14}Z\)/g);
    expect(dates).toEqual(['(D:20261121093000Z)', '(D:20261121093000Z)']);
  });

  it('embeds one and the same font programs in every plain-ASCII label', async () => {
    const other = sampleLabelData(2);
    other.deliveryAddress.fullName = 'Quentin Zybrowski-Jaxx';
    other.deliveryInstructions = 'Ring twice; {gate} #4471 @ rear [yard] ~ 5% off!';
    const a = fontPrograms(await renderLabel(sampleLabelData(1), { size: '4x6' }));
    const b = fontPrograms(await renderLabel(other, { size: 'A6' }));
    expect(a).toHaveLength(2);
    expect(b).toEqual(a);
    // Text beyond ASCII adds its glyphs after the common ones: other programs.
    const c = fontPrograms(await renderLabel(data, { size: '4x6' }));
    expect(c).toHaveLength(2);
    expect(c).not.toContain(a[0]);
    expect(c).not.toContain(a[1]);
  });

  /** sha256 of `data`'s label rendered in a new process, after `before` if given. */
  async function hashInFreshProcess(before?: LabelData): Promise<string> {
    const moduleUrl = new URL('./render-label.ts', import.meta.url).href;
    const script = `
      const { renderLabelSync } = await import(${JSON.stringify(moduleUrl)});
      const { createHash } = await import('node:crypto');
      const before = ${JSON.stringify(before ?? null)};
      if (before) renderLabelSync(before, { size: '4x6' });
      const pdf = renderLabelSync(${JSON.stringify(data)}, { size: '4x6' });
      process.stdout.write(createHash('sha256').update(pdf).digest('hex'));
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { env: { ...process.env, TZ: 'Pacific/Kiritimati', LANG: 'de_DE.UTF-8' } },
    );
    return stdout;
  }

  it('gives the same bytes in fresh processes, whatever they rendered before', async () => {
    const here = sha256(renderLabelSync(data, { size: '4x6' }));
    // The decoy has to be the first text a process lays out to poison a glyph cache,
    // which this test file cannot guarantee for itself; a child process can.
    const [alone, afterDecoy] = await Promise.all([hashInFreshProcess(), hashInFreshProcess(decoy)]);
    expect(alone).toBe(here);
    expect(afterDecoy).toBe(here);
  });
});

/** sha256 of each embedded TrueType program (FontFile2 stream) in `pdf`, sorted. */
function fontPrograms(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const refs = [...text.matchAll(/\/FontFile2 (\d+) 0 R/g)].map((m) => m[1]);
  return refs
    .map((id) => {
      const start = text.indexOf('stream\n', text.indexOf(`\n${id} 0 obj`)) + 'stream\n'.length;
      const end = text.indexOf('\nendstream', start);
      return sha256(pdf.subarray(start, end));
    })
    .sort();
}

describe('fonts folder', () => {
  it('defaults to <repo>/resources/fonts and honours the resources env variable', () => {
    const repo = fileURLToPath(new URL('../../', import.meta.url));
    expect(resolveFontsDir({})).toBe(join(repo, 'resources', 'fonts'));
    expect(resolveFontsDir({ [RESOURCES_DIR_ENV]: '/opt/app/resources' })).toBe('/opt/app/resources/fonts');
  });

  it('renders from another fonts folder, and fails clearly without fonts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ss-fonts-'));
    try {
      const fonts = join(dir, 'fonts');
      await mkdir(fonts);
      for (const f of ['NotoSans-Regular.ttf', 'NotoSans-Bold.ttf']) {
        await copyFile(join(resolveFontsDir({}), f), join(fonts, f));
      }
      const moved = renderLabelSync(three, { size: '4x6' }, { fontsDir: fonts });
      expect(moved.equals(renderLabelSync(three, { size: '4x6' }))).toBe(true);
      expect(loadLabelFonts(fonts).dir).toBe(fonts);
      expect(() => renderLabelSync(three, { size: '4x6' }, { fontsDir: dir })).toThrow(/ENOENT/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
