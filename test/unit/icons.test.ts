/**
 * The app's icons are drawn by us (build/icon.svg) and made from it offline by
 * scripts/icons.mjs: a 1024 px PNG, a Windows ICO and a macOS ICNS, read back here.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const out = mkdtempSync(join(tmpdir(), 'ss-icons-'));
beforeAll(() => {
  execFileSync(process.execPath, ['scripts/icons.mjs', '--out', out]);
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('the icons made from build/icon.svg', () => {
  it('PNG: 1024 × 1024, drawn (not an empty square)', () => {
    const png = readFileSync(join(out, 'icon.png'));
    expect(png.subarray(0, 8)).toEqual(PNG);
    expect(pngSize(png)).toEqual({ width: 1024, height: 1024 });
    expect(png.length).toBeGreaterThan(10_000);
  });

  it('ICO: the sizes Windows asks for, up to 256 px', () => {
    const ico = readFileSync(join(out, 'icon.ico'));
    expect(ico.readUInt16LE(0)).toBe(0);
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, i) => ico[6 + i * 16] || 256);
    expect(sizes).toEqual(expect.arrayContaining([16, 32, 48, 256]));
  });

  it('ICNS: an Apple icon file whose length is its own, with the 1024 px image', () => {
    const icns = readFileSync(join(out, 'icon.icns'));
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const types: string[] = [];
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4))
      types.push(icns.subarray(at, at + 4).toString('latin1'));
    expect(types).toContain('ic10'); // 1024 × 1024 (512 @2x)
  });
});
