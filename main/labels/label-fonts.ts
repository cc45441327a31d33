/**
 * Where the label fonts live, loading them once per process, and making any string
 * printable with them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { create, type Font } from 'fontkit';
import { RESOURCES_DIR_ENV } from '../core/resources';
import { shareFont, type SharedFont } from './shared-font';

export { RESOURCES_DIR_ENV };

export const FONT_FILES = { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' } as const;

export interface LabelFonts {
  dir: string;
  regular: SharedFont;
  bold: SharedFont;
}

let defaultFontsDir: string | undefined;

/**
 * The fonts folder: `$SHIPPING_STATION_RESOURCES_DIR/fonts` when set, else the first
 * `resources/fonts` found walking up from this file. Walking up (rather than a fixed
 * `../../..`) keeps working once a bundler has moved this code to `out/main/`.
 */
export function resolveFontsDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env[RESOURCES_DIR_ENV];
  if (fromEnv) return resolve(fromEnv, 'fonts');
  if (defaultFontsDir) return defaultFontsDir;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'resources', 'fonts');
    if (existsSync(join(candidate, FONT_FILES.regular))) return (defaultFontsDir = candidate);
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error(
    `Label fonts not found: no resources/fonts/${FONT_FILES.regular} above ` +
      `${fileURLToPath(import.meta.url)}; set ${RESOURCES_DIR_ENV} to the resources folder`,
  );
}

// Parsing a font takes tens of milliseconds, so it happens once per folder per process
// (or worker); see shared-font.ts for why sharing is safe for determinism.
const fontCache = new Map<string, LabelFonts>();

export function loadLabelFonts(fontsDir: string = resolveFontsDir()): LabelFonts {
  const dir = resolve(fontsDir);
  let fonts = fontCache.get(dir);
  if (!fonts) {
    fonts = {
      dir,
      regular: shareFont(create(readFileSync(join(dir, FONT_FILES.regular)))),
      bold: shareFont(create(readFileSync(join(dir, FONT_FILES.bold)))),
    };
    fontCache.set(dir, fonts);
  }
  return fonts;
}

// Control characters (\p{Cc}) other than whitespace are dropped; format characters that
// render as nothing (variation selectors, zero-width joiners, soft hyphens) are dropped
// so that an emoji sequence becomes one "?" rather than several; surrogates left alone
// by a broken string are dropped too.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cs}]|(?![\t\n\r\f\v])\p{Cc}/gu;
const WHITESPACE = /\s+/gu;
/** Printable ASCII with single spaces, none at either end: what printable() would return unchanged. */
const PLAIN_ASCII = /^(?:[\x21-\x7e]+(?: [\x21-\x7e]+)*)?$/;

/**
 * A single-line string the font can draw: NFC, no control or invisible characters,
 * whitespace collapsed, and every character without a glyph in `font` replaced by "?".
 */
export function printable(value: unknown, font: Font): string {
  if (value === null || value === undefined) return '';
  // Most label text is plain ASCII already in shape: every label font has those glyphs.
  if (typeof value === 'string' && PLAIN_ASCII.test(value)) return value;
  const text = String(value).normalize('NFC').replace(INVISIBLE, '').replace(WHITESPACE, ' ').trim();
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0x3f;
    out += cp === 0x20 || font.hasGlyphForCodePoint(cp) ? ch : '?';
  }
  return out;
}

/** Printable ASCII only, for barcode payloads: anything else becomes "?". */
export function asciiOnly(value: unknown): string {
  return String(value ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[^\x20-\x7e]/gu, '?');
}
