/**
 * Reading PDFs back with the poppler and zbar command-line tools, so that tests check
 * what a viewer, a text extractor and a barcode scanner actually see.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs `fn` with the PDF written to a fresh temporary folder, removed afterwards. */
export async function withPdfFile<T>(pdf: Buffer, fn: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'ss-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    return await fn(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface PdfInfo {
  pages: number;
  /** Size of the first page (or of `page`), in PDF points. */
  width: number;
  height: number;
  raw: string;
}

/** `pdfinfo` of the whole document; sizes of page `page` (1-based). */
export async function pdfInfo(pdf: Buffer, page = 1): Promise<PdfInfo> {
  return withPdfFile(pdf, async (file) => {
    const { stdout } = await run('pdfinfo', ['-f', String(page), '-l', String(page), file]);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
    const size = /^Page\s+\d+\s+size:\s+([\d.]+) x ([\d.]+) pts/m.exec(stdout);
    if (!size) throw new Error(`pdfinfo printed no page size:\n${stdout}`);
    return { pages, width: Number(size[1]), height: Number(size[2]), raw: stdout };
  });
}

/** Text as `pdftotext -layout` extracts it; pages are separated by form feeds. */
export async function pdfText(pdf: Buffer): Promise<string> {
  return withPdfFile(pdf, async (file) => {
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  });
}

/** Each word of page 1 and where it sits (`pdftotext -bbox`), in points from the top left. */
export async function pdfWords(pdf: Buffer): Promise<{ text: string; x: number; y: number }[]> {
  return withPdfFile(pdf, async (file) => {
    const { stdout } = await run('pdftotext', ['-bbox', '-f', '1', '-l', '1', '-enc', 'UTF-8', file, '-'], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return [...stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({
      text: m[3]!,
      x: Number(m[1]),
      y: Number(m[2]),
    }));
  });
}

/** The text of each page, in order. */
export async function pdfPageTexts(pdf: Buffer): Promise<string[]> {
  const text = await pdfText(pdf);
  return text.split('\f').slice(0, -1);
}

export interface PdfFont {
  name: string;
  type: string;
  embedded: boolean;
  subset: boolean;
  /** Has a ToUnicode map, so text can be extracted. */
  unicode: boolean;
}

/** The fonts `pdffonts` lists, one entry per font object. */
export async function pdfFonts(pdf: Buffer): Promise<PdfFont[]> {
  return withPdfFile(pdf, async (file) => {
    const { stdout } = await run('pdffonts', [file]);
    // Columns: name, type (may contain spaces), encoding, emb, sub, uni, object, ID.
    return stdout
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => {
        const m = /^(\S+)\s+(.+?)\s{2,}(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(line);
        if (!m) throw new Error(`Unexpected pdffonts line: ${line}`);
        return {
          name: m[1] ?? '',
          type: m[2] ?? '',
          embedded: m[4] === 'yes',
          subset: m[5] === 'yes',
          unicode: m[6] === 'yes',
        };
      });
  });
}

export interface DecodedSymbol {
  /** zbar's symbology name, e.g. "CODE-128", "QR-Code". */
  type: string;
  data: string;
}

/**
 * Rasterises every page with `pdftoppm -r <dpi>` and decodes each image with `zbarimg`.
 * Returns one list of symbols per page (empty when zbarimg found nothing: exit code 4).
 */
export async function pdfBarcodes(
  pdf: Buffer,
  dpi = 300,
  crop?: { x: number; y: number; width: number; height: number },
): Promise<DecodedSymbol[][]> {
  // zbar reports equal symbols of one image once: `crop` (in points) reads one part of each page.
  const px = (points: number) => String(Math.round((points * dpi) / 72));
  const region = crop ? ['-x', px(crop.x), '-y', px(crop.y), '-W', px(crop.width), '-H', px(crop.height)] : [];
  return withPdfFile(pdf, async (file, dir) => {
    await run('pdftoppm', ['-r', String(dpi), ...region, '-png', file, join(dir, 'page')]);
    const images = (await readdir(dir)).filter((f) => f.endsWith('.png')).sort(byPageNumber);
    const pages: DecodedSymbol[][] = [];
    for (const image of images) pages.push(await zbar(join(dir, image)));
    return pages;
  });
}

/** Decodes one image; `zbarimg -q` prints one `TYPE:data` line per symbol. */
export async function zbar(image: string): Promise<DecodedSymbol[]> {
  try {
    const { stdout } = await run('zbarimg', ['-q', image]);
    return stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const colon = line.indexOf(':');
        return { type: line.slice(0, colon), data: line.slice(colon + 1) };
      });
  } catch (err) {
    // 4 = "no symbols found"; the dbus chatter zbar prints on stderr is not an error.
    if ((err as { code?: unknown }).code === 4) return [];
    throw err;
  }
}

// pdftoppm pads page numbers to the page count's width (page-01.png…), but sort by the
// number anyway so that order never depends on that.
function byPageNumber(a: string, b: string): number {
  const n = (s: string) => Number(/-(\d+)\.(?:png|pgm)$/.exec(s)?.[1] ?? 0);
  return n(a) - n(b);
}

/**
 * Every page as a printer's dots: `pdftoppm -gray` at `dpi` without anti-aliasing, one
 * byte a dot (0 black, 255 white). Two PDFs that print alike give equal buffers.
 */
export async function pdfDots(pdf: Buffer, dpi = 203): Promise<Buffer[]> {
  return withPdfFile(pdf, async (file, dir) => {
    await run('pdftoppm', ['-r', String(dpi), '-gray', '-aa', 'no', '-aaVector', 'no', file, join(dir, 'page')]);
    const images = (await readdir(dir)).filter((f) => f.endsWith('.pgm')).sort(byPageNumber);
    // A binary PGM: "P5", width and height, the maximum value, then the dots.
    return Promise.all(
      images.map(async (image) => {
        const data = await readFile(join(dir, image));
        let at = 0;
        for (let fields = 0; fields < 4; at++) if (data[at] === 0x0a || data[at] === 0x20) fields++;
        return data.subarray(at);
      }),
    );
  });
}
