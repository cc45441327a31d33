/**
 * The statuses and what may follow them have one source, main/core/statuses.ts: the core
 * and the screens import it, and the documents that spell them out are checked against it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../main/http/openapi';
import { STATUSES } from '../../main/core/schemas';
import { CANCELLABLE_STATUSES } from '../../main/core/statuses';

describe('statuses in the documents', () => {
  it('the README names exactly the statuses a shipment may be cancelled from', () => {
    const line = /Cancel while ([^;]+);/.exec(readFileSync('README.md', 'utf8').replace(/\s+/g, ' '))?.[1];
    expect(line?.split(/, | or /)).toEqual([...CANCELLABLE_STATUSES]);
  });

  it('the OpenAPI document lists every status, in the table’s order', () => {
    const schemas = (
      openApiDocument({ version: 'x', port: 7317 }) as { components: { schemas: Record<string, { enum?: string[] }> } }
    ).components.schemas;
    expect(schemas.ShipmentStatus?.enum).toEqual([...STATUSES]);
  });
});
