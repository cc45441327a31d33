/**
 * What the watched folder writes beside each file it read (docs/contract.md §19): the
 * result for tools (`<name>.result.json`) and for people (`<name>.result.csv`, whose cells
 * a spreadsheet shows as text, never runs).
 */
import { randomUUID } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { safeCell } from '../core/folder-orders';
import type { FolderRowResult } from '../core/schemas';

export interface FileResult {
  file: string;
  /** Why the file was not read; null when it was. */
  reason: string | null;
  takenOn: string;
  finishedOn: string;
  rows: FolderRowResult[];
}

const CSV_COLUMNS = ['row', 'orderNumber', 'status', 'orderId', 'shipmentNumber', 'problem'] as const;

/** One CSV cell: quoted when it holds a separator, a quote or a line break (RFC 4180). */
function csvCell(value: string): string {
  const text = safeCell(value);
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const problemText = (problem: Record<string, string> | null) =>
  problem
    ? Object.entries(problem)
        .map(([field, sentence]) => `${field}: ${sentence}`)
        .join('; ')
    : '';

export function resultCsv(result: FileResult): string {
  const lines = [CSV_COLUMNS.join(',')];
  if (result.reason !== null) lines.push(['', '', 'failed', '', '', csvCell(result.reason)].join(','));
  for (const r of result.rows)
    lines.push(
      [
        String(r.row),
        csvCell(r.orderNumber),
        r.status,
        r.orderId ?? '',
        csvCell(r.shipmentNumber ?? ''),
        csvCell(problemText(r.problem)),
      ].join(','),
    );
  // A BOM, so that a spreadsheet reads the file as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** `orders.csv` → `orders`: the stem both result files are named by. */
export const stemOf = (name: string) => name.replace(/\.[^.]*$/, '') || name;

/** Writes both results into `dir`, each whole or not at all. */
export async function writeResults(dir: string, name: string, result: FileResult): Promise<void> {
  const stem = stemOf(name);
  const write = async (file: string, text: string) => {
    const temp = join(dir, `.${file}.${randomUUID()}.tmp`);
    await writeFile(temp, text);
    await rename(temp, join(dir, file));
  };
  const { file, reason, takenOn, finishedOn, rows } = result;
  await write(`${stem}.result.json`, JSON.stringify({ file, reason, takenOn, finishedOn, rows }, null, 1));
  await write(`${stem}.result.csv`, resultCsv(result));
}
