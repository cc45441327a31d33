/**
 * The API's promise to tools built on it: docs/openapi.json is the document as last
 * released. An operation, parameter, field or enum value in it that the station's
 * document no longer has is a breaking change, allowed only with a version bump.
 * Refresh the snapshot after a bump (or to record additions):
 *   UPDATE_OPENAPI_SNAPSHOT=1 npx vitest run --project sqlite test/openapi/versioning.test.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../main/http/openapi';

type Json = Record<string, unknown>;
const SNAPSHOT = join(process.cwd(), 'docs', 'openapi.json');
const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
const current = () => openApiDocument({ version: VERSION, port: 7317 });

/** Everything a client may rely on, one string each: operations, parameters, fields, enum values. */
function promises(doc: Json): Set<string> {
  const out = new Set<string>();
  const walk = (schema: unknown, at: string) => {
    if (!schema || typeof schema !== 'object') return;
    const s = schema as Json;
    if (typeof s.$ref === 'string') out.add(`${at} → ${s.$ref.split('/').pop()}`);
    for (const value of (s.enum as unknown[] | undefined) ?? []) out.add(`${at} = ${JSON.stringify(value)}`);
    for (const [name, property] of Object.entries((s.properties as Json | undefined) ?? {})) {
      out.add(`${at}.${name}`);
      walk(property, `${at}.${name}`);
    }
    walk(s.items, `${at}[]`);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
      ((s[key] as unknown[] | undefined) ?? []).forEach((v) => walk(v, at));
  };
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const id = `${op.operationId as string} (${method.toUpperCase()} ${path})`;
      out.add(id);
      for (const p of (op.parameters as Json[] | undefined) ?? [])
        walk(p.schema, `${id} ${p.in as string} ${p.name as string}`);
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        if (status.startsWith('2'))
          walk((response.content as Record<string, Json> | undefined)?.['application/json']?.schema, `${id} ${status}`);
      }
      walk(
        (op.requestBody as { content: Record<string, Json> } | undefined)?.content['application/json']?.schema,
        `${id} body`,
      );
    }
  }
  for (const [name, schema] of Object.entries((doc.components as { schemas: Json }).schemas)) walk(schema, name);
  return out;
}

const newer = (a: string, b: string) => {
  const [x, y] = [a, b].map((v) => v.split(/[.-]/).slice(0, 3).map(Number));
  for (let i = 0; i < 3; i++) if (x![i] !== y![i]) return x![i]! > y![i]!;
  return false;
};

/** What `before` promised that `after` no longer does, unless `after` has a newer version. */
function broken(before: Json, after: Json): string[] {
  const kept = promises(after);
  const gone = [...promises(before)].filter((p) => !kept.has(p));
  const version = (d: Json) => (d.info as { version: string }).version;
  return newer(version(after), version(before)) ? [] : gone;
}

if (process.env.UPDATE_OPENAPI_SNAPSHOT) writeFileSync(SNAPSHOT, `${JSON.stringify(current(), null, 2)}\n`);

describe('the API version', () => {
  it('follows package.json', () => {
    expect((current().info as { version: string }).version).toBe(VERSION);
  });

  it('drops no operation, parameter, field or enum value of the snapshot without a version bump', () => {
    const snapshot = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Json;
    expect(
      broken(snapshot, current()),
      'breaking changes: bump the version in package.json, then refresh docs/openapi.json',
    ).toEqual([]);
  });

  it('would notice a removed operation, field or enum value, and let a bumped version pass', () => {
    const before = current();
    const after = structuredClone(before) as Json & {
      paths: Record<string, Json>;
      components: { schemas: Record<string, Json> };
      info: Json;
    };
    delete after.paths['/health'];
    delete (after.components.schemas.ShipmentSummary!.properties as Json).trackingDescription;
    after.components.schemas.ShipmentStatus!.enum = (after.components.schemas.ShipmentStatus!.enum as string[]).filter(
      (s) => s !== 'Lost',
    );
    expect(broken(before, after)).toEqual(
      expect.arrayContaining([
        'getHealth (GET /health)',
        'ShipmentSummary.trackingDescription',
        'ShipmentStatus = "Lost"',
      ]),
    );
    // Additions break nothing.
    expect(broken(after, before)).toEqual([]);
    after.info.version = '1.0.0';
    expect(broken(before, after)).toEqual([]);
  });
});
