/** One entry for every writer: the label document in the format asked for. */
import type { LabelData, LabelOptions } from '../core/label-data';
import { labelPrinterPages, layoutCn22, layoutCustoms } from './customs-layout';
import { loadLabelFonts, resolveFontsDir } from './label-fonts';
import { layoutPage, selectPieces, type PageLayout } from './label-layout';
import { TextFit } from './label-text';
import { renderLabelSync, renderPagesSync } from './render-label';
import { renderZplSync, writeZpl } from './render-zpl';
import { SHEET_LABEL_SIZE } from '../core/label-data';
import { onSheets } from './office-sheet';

export function renderLabelDocumentSync(data: LabelData, options: LabelOptions): Buffer {
  if (options.format === 'zpl') return renderZplDocumentSync(data, options);
  const { sheet } = options;
  if (sheet && options.customs !== 'only') {
    // Labels on office paper: the label printer's pages as they are, placed on sheets.
    return renderPagesSync(`Label ${data.shipmentNumber}`, data.despatchDate, {}, (fit) => [
      ...onSheets(
        options.customs === 'append'
          ? labelPrinterPages(fit, data, SHEET_LABEL_SIZE[sheet], options.pieces)
          : selectPieces(data.pieces, options.pieces).map((piece) =>
              layoutPage(fit, data, piece, SHEET_LABEL_SIZE[sheet]),
            ),
        sheet,
      ),
    ]);
  }
  if (options.customs === 'only') {
    return renderPagesSync(`Customs ${data.shipmentNumber}`, data.despatchDate, {}, (fit) =>
      layoutCustoms(fit, data, options.size),
    );
  }
  if (options.customs === 'append' && data.customs?.form === 'CN22') {
    // The CN22 travels with the labels, on the same printer; a CN23 goes to the A4 printer.
    return renderPagesSync(`Label ${data.shipmentNumber}`, data.despatchDate, {}, (fit) =>
      labelPrinterPages(fit, data, options.size, options.pieces),
    );
  }
  return renderLabelSync(data, options);
}

/** ZPL: the labels, the CN22 alone, or the labels and the CN22 (a CN23 is A4: there is no ZPL CN23). */
function renderZplDocumentSync(data: LabelData, options: LabelOptions): Buffer {
  if (!options.customs) return renderZplSync(data, options);
  if (data.customs?.form !== 'CN22') {
    if (options.customs === 'only')
      throw new RangeError(`Shipment ${data.shipmentNumber} needs a CN23, which is A4 and has no ZPL form`);
    return renderZplSync(data, options);
  }
  const fonts = loadLabelFonts(resolveFontsDir());
  const fit = new TextFit(fonts);
  const pages: PageLayout[] =
    options.customs === 'append'
      ? labelPrinterPages(fit, data, options.size, options.pieces)
      : [layoutCn22(fit, data, options.size)];
  return writeZpl(pages, options.dpi ?? 203, fonts);
}

export async function renderLabelDocument(data: LabelData, options: LabelOptions): Promise<Buffer> {
  return renderLabelDocumentSync(data, options);
}
