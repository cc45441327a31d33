/**
 * The customs forms' layout at its limits: 20 items with the longest descriptions, in
 * Greek and Cyrillic, and the sender's longest customs numbers, on both label sizes and A4.
 * Every part stays on its page and inside the frame, every item keeps its row, and the
 * A6/4×6 CN22 still holds its barcode.
 */
import { describe, expect, it } from 'vitest';
import type { CustomsDocumentData, LabelData } from '../core/label-data';
import { layoutCn22, layoutCn23, layoutInvoice } from './customs-layout';
import { longCyrillicLabelData } from './label-fixtures';
import { loadLabelFonts } from './label-fonts';
import type { PageLayout } from './label-layout';
import { TextFit } from './label-text';

const fit = new TextFit(loadLabelFonts());

function withCustoms(items: number, form: CustomsDocumentData['form']): LabelData {
  const data = longCyrillicLabelData();
  return {
    ...data,
    customs: {
      form,
      contentsType: 'Commercial sample',
      senderNumbers: { eori: 'GB123456789012345', vat: 'GB1234567890123', ioss: 'IM3720000224' },
      iossApplied: true,
      currency: 'EUR',
      items: Array.from({ length: items }, (_, i) => ({
        description: `Ελληνικό κεραμικό βάζο με χειροποίητη διακόσμηση ${i}`.slice(0, 50),
        quantity: 99_999,
        unitValue: '999999.99',
        lineValue: '99999899999.99',
        netWeight: 99_999.999,
        weightUnit: 'KG',
        hsCode: '6912000000',
        originCountry: 'GR',
      })),
      totalValue: '1999997999999.80',
      totalNetWeight: 1_999_999.98,
      netWeightUnit: 'KG',
      grossWeight: 30,
      grossWeightUnit: 'KG',
    },
  };
}

function expectInside(page: PageLayout): void {
  for (const part of page.parts) {
    if (part.kind === 'text') {
      expect(part.x).toBeGreaterThanOrEqual(0);
      expect(part.x + fit.widthOf(part.text, part.weight, part.size)).toBeLessThanOrEqual(part.x + part.width + 0.01);
      expect(part.x + part.width).toBeLessThanOrEqual(page.width);
      expect(part.baseline).toBeLessThanOrEqual(page.height);
      expect(part.baseline - part.size).toBeGreaterThanOrEqual(0);
    } else if (part.kind === 'code128' || part.kind === 'fill' || part.kind === 'qr') {
      expect(part.box.x + part.box.width).toBeLessThanOrEqual(page.width);
      expect(part.box.y + part.box.height).toBeLessThanOrEqual(page.height);
    }
  }
}

describe('customs layouts', () => {
  for (const size of ['4x6', 'A6'] as const) {
    it(`keeps a CN22 of 20 long items on one ${size} page, each item in its own row, the barcode tall enough to scan`, () => {
      const page = layoutCn22(fit, withCustoms(20, 'CN22'), size);
      expectInside(page);
      const rows = page.parts
        .filter((p) => p.kind === 'text' && p.text.startsWith('99999 × '))
        .map((p) => (p.kind === 'text' ? p.baseline : 0));
      expect(rows).toHaveLength(20);
      expect(new Set(rows).size).toBe(20);
      expect(page.parts.some((p) => p.kind === 'text' && p.text.includes('IOSS IM3720000224'))).toBe(true);
      const barcode = page.parts.find((p) => p.kind === 'code128');
      expect(barcode?.kind === 'code128' && barcode.box.height).toBeGreaterThanOrEqual(30);
    });
  }

  it('keeps a CN23 and an invoice of 20 long items on one A4 page each', () => {
    for (const page of [layoutCn23(fit, withCustoms(20, 'CN23')), layoutInvoice(fit, withCustoms(20, 'CN23'))]) {
      expect([page.width, page.height]).toEqual([595.28, 841.89]);
      expectInside(page);
      const texts = page.parts.flatMap((p) => (p.kind === 'text' ? [p.text] : []));
      expect(texts.filter((t) => t.startsWith('Ελληνικό'))).toHaveLength(20);
      expect(texts).toContain('EORI GB123456789012345 · VAT GB1234567890123 · IOSS IM3720000224');
    }
  });

  it('refuses a shipment without a declaration', () => {
    expect(() => layoutCn22(fit, longCyrillicLabelData(), '4x6')).toThrow(/no customs declaration/);
  });
});
