/**
 * Labels on office paper: the label pages as they are (label-layout.ts, customs-layout.ts),
 * placed side by side on A4 or Letter sheets for a desk with an office printer and label
 * sheets instead of a roll. Same content, same barcodes: each part only moves.
 */
import type { OfficeSheet } from '../core/label-data';
import type { LabelSize } from '../core/schemas';
import { A4 } from './customs-layout';
import { LABEL_PAGE_SIZES, type Box, type LabelPart, type PageLayout } from './label-layout';

/** US Letter in PDF points. */
export const LETTER: readonly [number, number] = [612, 792];

export interface SheetSpec {
  paper: readonly [number, number];
  label: LabelSize;
  columns: number;
  rows: number;
}

/** Two 4×6 labels across A4 or Letter; four A6 labels, the quarters of an A4 sheet. */
export const SHEETS: Record<OfficeSheet, SheetSpec> = {
  'A4-2x4x6': { paper: A4, label: '4x6', columns: 2, rows: 1 },
  'Letter-2x4x6': { paper: LETTER, label: '4x6', columns: 2, rows: 1 },
  'A4-4xA6': { paper: A4, label: 'A6', columns: 2, rows: 2 },
};

/** Where each label of a sheet goes, in fill order: left to right, then top to bottom; the block centred on the paper. */
export function sheetSlots(sheet: OfficeSheet): Box[] {
  const { paper, label, columns, rows } = SHEETS[sheet];
  const [width, height] = LABEL_PAGE_SIZES[label];
  const left = (paper[0] - columns * width) / 2;
  const top = (paper[1] - rows * height) / 2;
  const slots: Box[] = [];
  for (let row = 0; row < rows; row++)
    for (let column = 0; column < columns; column++)
      slots.push({ x: left + column * width, y: top + row * height, width, height });
  return slots;
}

function moved(part: LabelPart, dx: number, dy: number): LabelPart {
  const box = (b: Box): Box => ({ ...b, x: b.x + dx, y: b.y + dy });
  switch (part.kind) {
    case 'fill':
    case 'code128':
    case 'qr':
      return { ...part, box: box(part.box) };
    case 'stroke':
      return {
        ...part,
        segments: part.segments.map(([x1, y1, x2, y2]) => [x1 + dx, y1 + dy, x2 + dx, y2 + dy]),
        rects: part.rects.map(box),
      };
    case 'text':
      return { ...part, x: part.x + dx, baseline: part.baseline + dy };
  }
}

/** A hairline round each slot: where to cut a plain sheet (a label sheet's own die-cut matches it). */
const CUT_LINE = 0.25;

/**
 * The pages on sheets, in order: a batch fills each sheet before the next, the last one
 * partly. Lazy, as a batch's pages are: one sheet's layout alive at a time.
 */
export function* onSheets(pages: Iterable<PageLayout>, sheet: OfficeSheet): Generator<PageLayout> {
  const slots = sheetSlots(sheet);
  const [width, height] = SHEETS[sheet].paper;
  let parts: LabelPart[] = [];
  let used = 0;
  const flush = (): PageLayout => {
    const cut: LabelPart = { kind: 'stroke', lineWidth: CUT_LINE, segments: [], rects: slots.slice(0, used) };
    const page = { width, height, parts: [cut, ...parts] };
    parts = [];
    used = 0;
    return page;
  };
  for (const page of pages) {
    const slot = slots[used]!;
    for (const part of page.parts) parts.push(moved(part, slot.x, slot.y));
    if (++used === slots.length) yield flush();
  }
  if (used > 0) yield flush();
}
