/** One entry for every writer: the label document in the format asked for. */
import type { LabelData, LabelOptions } from '../core/label-data';
import { layoutCn22, layoutCustoms } from './customs-layout';
import { layoutPage, selectPieces } from './label-layout';
import { renderLabelSync, renderPagesSync } from './render-label';
import { renderZplSync } from './render-zpl';

export function renderLabelDocumentSync(data: LabelData, options: LabelOptions): Buffer {
  if (options.customs === 'only') {
    return renderPagesSync(`Customs ${data.shipmentNumber}`, data.despatchDate, {}, (fit) => layoutCustoms(fit, data, options.size));
  }
  if (options.format === 'zpl') return renderZplSync(data, options);
  if (options.customs === 'append' && data.customs?.form === 'CN22') {
    // The CN22 travels with the labels, on the same printer; a CN23 goes to the A4 printer.
    const pieces = selectPieces(data.pieces, options.pieces);
    return renderPagesSync(`Label ${data.shipmentNumber}`, data.despatchDate, {}, (fit) => [
      ...pieces.map((piece) => layoutPage(fit, data, piece, options.size)),
      layoutCn22(fit, data, options.size),
    ]);
  }
  return renderLabelSync(data, options);
}

export async function renderLabelDocument(data: LabelData, options: LabelOptions): Promise<Buffer> {
  return renderLabelDocumentSync(data, options);
}
