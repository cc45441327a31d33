/**
 * The operation table is composed of one file of rows per domain (main/operations/spec/):
 * a name given in two files would silently keep only one row, and a file left out of
 * spec.ts would drop its operations from every door.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES, operations } from '../../main/operations/spec';

const SPEC_DIR = join(process.cwd(), 'main', 'operations', 'spec');

async function rowsByFile(): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const file of readdirSync(SPEC_DIR).filter((f) => f.endsWith('.ts') && f !== 'operation.ts')) {
    const module = (await import(join(SPEC_DIR, file))) as Record<string, Record<string, unknown>>;
    out.set(
      file,
      Object.values(module).flatMap((rows) => Object.keys(rows)),
    );
  }
  return out;
}

describe('the operation table by domain', () => {
  it('holds every row of every domain file exactly once', async () => {
    const all = [...(await rowsByFile()).values()].flat();
    expect(all.length).toBeGreaterThan(40);
    expect(new Set(all).size, 'an operation name is given in two files').toBe(all.length);
    expect([...all].sort()).toEqual([...OPERATION_NAMES].sort());
  });

  it('states a media type and a body limit for every operation that takes a body', () => {
    for (const [name, spec] of Object.entries(operations)) {
      if (!('body' in spec)) continue;
      expect(spec, name).toMatchObject({ bodyMediaType: expect.any(String), bodyLimit: expect.any(Number) });
    }
  });
});
