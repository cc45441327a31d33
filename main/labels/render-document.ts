/** One entry for every writer: the label document in the format asked for. */
import type { LabelData, LabelOptions } from '../core/label-data';
import { renderLabelSync } from './render-label';

export function renderLabelDocumentSync(data: LabelData, options: LabelOptions): Buffer {
  return renderLabelSync(data, options);
}

export async function renderLabelDocument(data: LabelData, options: LabelOptions): Promise<Buffer> {
  return renderLabelDocumentSync(data, options);
}
