/**
 * Reading ZPL back: rendered offline to PNG with `zpl-renderer-js` (the zebrash renderer)
 * and scanned with `zbarimg`, as a printer and a scanner would see it; and its text.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zbar, type DecodedSymbol } from './pdf';

/** One PNG per label of the document, at the printer's resolution. */
export async function zplToPngs(
  zpl: string,
  dpi: 203 | 300,
  size: { widthMm: number; heightMm: number },
): Promise<Buffer[]> {
  const { ready } = await import('zpl-renderer-js');
  const { api } = await ready;
  const pngs = await api.zplToBase64MultipleAsync(zpl, size.widthMm, size.heightMm, dpi === 203 ? 8 : 12);
  return pngs.map((p) => Buffer.from(p, 'base64'));
}

/** The symbols zbarimg finds on each label of the document. */
export async function zplBarcodes(
  zpl: string,
  dpi: 203 | 300,
  size = { widthMm: 101.6, heightMm: 152.4 },
): Promise<DecodedSymbol[][]> {
  const dir = await mkdtemp(join(tmpdir(), 'ss-zpl-'));
  try {
    const pages: DecodedSymbol[][] = [];
    for (const [i, png] of (await zplToPngs(zpl, dpi, size)).entries()) {
      const file = join(dir, `label-${i + 1}.png`);
      await writeFile(file, png);
      pages.push(await zbar(file));
    }
    return pages;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The text of each label: the resident-font fields' data (^FH escapes decoded) and the
 * text that a ^GF graphic shows, which the writer notes in a ^FX comment before it.
 */
export function zplTexts(zpl: string): string[][] {
  return zpl
    .split('^XZ')
    .filter((label) => label.includes('^XA'))
    .map((label) => {
      const out: string[] = [];
      for (const m of label.matchAll(/\^A0N[^^]*\^FB[^^]*(?:\^FR)?\^FH_\^FD([^^]*)\^FS|\^FX([^^]*)\^FS/g)) {
        if (m[1] !== undefined) out.push(unhex(m[1]));
        else
          out.push(
            unhex(m[2] ?? '').replace(/\\u\{([0-9a-f]+)\}/g, (_, h: string) => String.fromCodePoint(parseInt(h, 16))),
          );
      }
      return out;
    });
}

/** ^FH_ field data back to text: runs of _XX escapes are UTF-8 bytes (^CI28). */
const unhex = (data: string) =>
  data.replace(/(?:_[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .split('_')
        .filter(Boolean)
        .map((h) => parseInt(h, 16)),
    ).toString('utf8'),
  );
