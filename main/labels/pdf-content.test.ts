import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfDots, pdfText } from '../../test/helpers/pdf';
import type { LabelData } from '../core/label-data';
import { drawCode128, drawQr, planCode128, planQr } from './label-barcodes';
import { longCyrillicLabelData, sampleLabelData } from './label-fixtures';
import { loadLabelFonts, type LabelFonts } from './label-fonts';
import { layoutPage, type LabelPart, type PageLayout } from './label-layout';
import { TextFit } from './label-text';
import { PdfOutput, PdfPen, writePdf } from './render-label';

const fonts = loadLabelFonts();
const fit = new TextFit(fonts);
const date = new Date(Date.UTC(2026, 10, 21));

/** The same pages drawn through PDFKit's own drawing calls and text engine. */
function throughPdfKit(pages: PageLayout[], f: LabelFonts): Buffer {
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0, font: f.regular as never });
  const pen = new PdfPen(doc, f);
  const out = new PdfOutput(doc);
  const draw = (part: LabelPart) => {
    switch (part.kind) {
      case 'fill':
        doc.rect(part.box.x, part.box.y, part.box.width, part.box.height).fill(part.color);
        return;
      case 'stroke':
        doc.lineWidth(part.lineWidth);
        for (const [x1, y1, x2, y2] of part.segments) doc.moveTo(x1, y1).lineTo(x2, y2);
        for (const r of part.rects) doc.rect(r.x, r.y, r.width, r.height);
        doc.stroke('black');
        return;
      case 'text':
        pen.put(part);
        return;
      case 'code128':
        drawCode128(doc, planCode128(part.value)!, part.box);
        return;
      case 'qr':
        drawQr(doc, planQr(part.value)!, part.box);
    }
  };
  for (const page of pages) {
    doc.addPage({ size: [page.width, page.height], margin: 0 });
    page.parts.forEach(draw);
  }
  doc.end();
  return out.finish();
}

const withNames = (fullName: string, city: string, addressLine1: string): LabelData => {
  const data = sampleLabelData(1);
  return { ...data, deliveryAddress: { ...data.deliveryAddress, fullName, city, addressLine1 } };
};

describe('the content writer', () => {
  it("prints every dot where PDFKit's own drawing calls do, and reads back as the same text", async () => {
    const labels = [
      sampleLabelData(1),
      longCyrillicLabelData(1),
      withNames('Łucja Wołodźko', 'Łódź', 'ul. Źródlana 7, Żółkiewka'),
      withNames('Νίκος Παπαδόπουλος', 'Αθήνα', 'Οδός Ερμού 12'),
      // Combining marks with no precomposed form: placed one by one from GPOS offsets.
      withNames('Ива́н Q̃ẍ Петро́в', 'Zürich q̃ ŭ', 'Ǹ a͂b x̧y'),
    ];
    const pages = labels.flatMap((d) => [
      layoutPage(fit, d, d.pieces[0]!, '4x6'),
      layoutPage(fit, d, d.pieces[0]!, 'A6'),
    ]);
    const ours = writePdf(pages, fonts, { title: 'Labels', date });
    const reference = throughPdfKit(pages, fonts);
    const [a, b] = [await pdfDots(ours), await pdfDots(reference)];
    expect(a).toHaveLength(pages.length);
    a.forEach((dots, i) => expect(dots.equals(b[i]!), `page ${i + 1}`).toBe(true));
    expect(await pdfText(ours)).toBe(await pdfText(reference));
  });
});
