#!/usr/bin/env node
/**
 * The app's icons, made from build/icon.svg with npm packages that work offline: resvg draws
 * the PNG, png2icons writes the Windows ICO and the macOS ICNS. electron-builder takes
 * build/icon.{png,ico,icns} (buildResources); the window uses the PNG on Linux and Windows.
 * `npm run dist` runs this first; the outputs are not committed.
 */
import { Resvg } from '@resvg/resvg-js';
import { Buffer } from 'node:buffer';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import png2icons from 'png2icons';

const build = join(dirname(dirname(fileURLToPath(import.meta.url))), 'build');
/** --out DIR: somewhere else than build/ (the tests). */
const out = parseArgs({ options: { out: { type: 'string', default: build } } }).values.out;
mkdirSync(out, { recursive: true });
const svg = readFileSync(join(build, 'icon.svg'));
const png = Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: 1024 } }).render().asPng());
writeFileSync(join(out, 'icon.png'), png);
const ico = png2icons.createICO(png, png2icons.BICUBIC, 0, false, true);
const icns = png2icons.createICNS(png, png2icons.BICUBIC, 0);
if (!ico || !icns) throw new Error('png2icons could not make the ICO or ICNS from build/icon.png');
writeFileSync(join(out, 'icon.ico'), ico);
writeFileSync(join(out, 'icon.icns'), icns);
console.log(`icon.png, icon.ico and icon.icns in ${out}, from build/icon.svg`);
