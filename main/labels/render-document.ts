/** One entry for every writer: the label document in the format asked for. */
import type { LabelData, LabelOptions } from '../core/label-data';
import { renderLabelSync } from './render-label';
import { renderZplSync } from './render-zpl';

export function renderLabelDocumentSync(data: LabelData, options: LabelOptions): Buffer {
  return options.format === 'zpl' ? renderZplSync(data, options) : renderLabelSync(data, options);
}

export async function renderLabelDocument(data: LabelData, options: LabelOptions): Promise<Buffer> {
  return renderLabelDocumentSync(data, options);
}
