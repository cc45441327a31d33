/**
 * The packaged app's Electron fuses, read from electron-builder.yml as
 * electron-builder reads them, and checked against electron-builder's own schema so that
 * a misspelt fuse (silently ignored at packaging) fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The `key: value` lines of one top-level block of a YAML file (booleans only: the fuses). */
function yamlBlock(text: string, name: string): Record<string, string> {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => line === `${name}:`);
  if (start < 0) return {};
  const block: Record<string, string> = {};
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    const m = /^\s+([A-Za-z]+):\s*(\S+)\s*(#.*)?$/.exec(line);
    if (m) block[m[1]!] = m[2]!;
  }
  return block;
}

const config = readFileSync(join(process.cwd(), 'electron-builder.yml'), 'utf8');

describe('packaging: electron-builder.yml', () => {
  const fuses = yamlBlock(config, 'electronFuses');

  it('turns off running as Node, NODE_OPTIONS and --inspect; turns on cookie encryption, ASAR integrity and app-from-ASAR only', () => {
    expect(fuses).toMatchObject({
      runAsNode: 'false',
      enableNodeOptionsEnvironmentVariable: 'false',
      enableNodeCliInspectArguments: 'false',
      enableCookieEncryption: 'true',
      enableEmbeddedAsarIntegrityValidation: 'true',
      onlyLoadAppFromAsar: 'true',
    });
  });

  it('names only fuses electron-builder knows', () => {
    const scheme = join(process.cwd(), 'node_modules', 'app-builder-lib', 'scheme.json');
    if (!existsSync(scheme)) return;
    const known = Object.keys(
      (JSON.parse(readFileSync(scheme, 'utf8')) as { definitions: Record<string, { properties: object }> }).definitions
        .FuseOptionsV1!.properties,
    );
    for (const name of Object.keys(fuses)) expect(known, name).toContain(name);
  });

  it('keeps the app in an asar archive (the fuses above need one)', () => {
    expect(config).not.toMatch(/^asar:\s*false/m);
  });
});
