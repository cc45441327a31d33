/** Worker entry of the label pool: renders one label document (PDF or ZPL) per message. */
import { parentPort } from 'node:worker_threads';
import type { LabelData, LabelOptions } from '../core/label-data';
import { renderLabelDocumentSync } from './render-document';

export interface LabelTask {
  id: number;
  data: LabelData;
  options: LabelOptions;
}
export type LabelResult = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on('message', (task: LabelTask) => {
  let result: LabelResult;
  try {
    const pdf = renderLabelDocumentSync(task.data, task.options);
    result = { id: task.id, pdf };
  } catch (error) {
    result = { id: task.id, error: error instanceof Error ? error.message : String(error) };
  }
  // Transferring the bytes' buffer moves the PDF to the main thread without a copy (when
  // the Buffer owns its whole ArrayBuffer; pool-allocated small Buffers are copied).
  const transfer = 'pdf' in result && result.pdf.byteOffset === 0 && result.pdf.byteLength === result.pdf.buffer.byteLength
    ? [result.pdf.buffer as ArrayBuffer]
    : [];
  parentPort!.postMessage(result, transfer);
});
