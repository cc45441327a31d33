/**
 * The OpenAPI document a real station serves, as a tool author meets it: Redocly's linter
 * (recommended rules) finds nothing, and the document says what a client generator needs.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../main/operations/spec';
import { apiKeyToken, createApiKey, serveStation, type ServedStation } from '../helpers/serve';

const run = promisify(execFile);
const REDOCLY = join(process.cwd(), 'node_modules', '.bin', 'redocly');
const QUIET = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

let dir: string;
let station: ServedStation;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON document walked by path
let doc: any;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ss-openapi-'));
  station = await serveStation({ dataDir: join(dir, 'data') });
  doc = await (await fetch(`${station.base}/openapi.json`)).json();
});
afterAll(async () => {
  await station?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Redocly's lint of `document` with its recommended rules: its totals and problems. */
async function lint(document: unknown) {
  const file = join(dir, `lint-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(document));
  const { stdout } = await run(REDOCLY, ['lint', '--extends=recommended', '--format=json', file], { env: QUIET }).catch(
    (error: { stdout: string }) => error,
  );
  return JSON.parse(stdout) as {
    totals: { errors: number; warnings: number };
    problems: { ruleId: string; message: string }[];
  };
}

const operationsOf = () =>
  Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );

describe('the served OpenAPI document', () => {
  it('lints clean with Redocly’s recommended rules: no errors, no warnings', async () => {
    const result = await lint(doc);
    expect(result.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(result.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('the linter would notice a broken example (the lint is not a no-op)', async () => {
    const broken = structuredClone(doc);
    broken.paths['/health'].get.responses['200'].content['application/json'].example = { status: 1 };
    const result = await lint(broken);
    expect(result.problems.map((p) => p.ruleId)).toContain('no-invalid-media-type-examples');
  });

  it('has every operation of the table once, with its name as operationId and a tag', () => {
    const ops = operationsOf();
    expect(ops.map((o) => o.op.operationId).sort()).toEqual(Object.keys(operations).sort());
    for (const { op } of ops) expect((op.tags as string[]).length).toBe(1);
    expect(doc.info.version).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
    expect(doc.servers[0].url).toBe(station.base);
    expect(doc.info.license.name).toBeTruthy();
  });

  it('says which operations need a token: 401 on each of those, security [] on the public ones', () => {
    for (const { path, method, op } of operationsOf()) {
      const name = op.operationId as keyof typeof operations;
      const responses = op.responses as Record<string, { content?: Record<string, unknown> }>;
      if (operations[name].access === 'public') {
        expect(op.security, `${method} ${path}`).toEqual([]);
        expect(responses, `${method} ${path}`).not.toHaveProperty('401');
      } else {
        expect(op.security, `${method} ${path}`).toEqual([{ bearer: [] }]);
        expect(responses, `${method} ${path}`).toHaveProperty('401');
      }
      // Errors are problem+json, never a range or "Default Response".
      for (const [status, response] of Object.entries(responses)) {
        expect(status).toMatch(/^\d{3}$/);
        if (Number(status) >= 400) expect(Object.keys(response.content ?? {})).toEqual(['application/problem+json']);
      }
    }
    const publicOps = operationsOf()
      .filter((o) => (o.op.security as unknown[]).length === 0)
      .map((o) => o.op.operationId);
    expect(publicOps.sort()).toEqual(['getHealth', 'getReadiness', 'signIn', 'trackShipmentPublic']);
  });

  it('has an example for every success and every problem status, and cites no document outside it', () => {
    for (const { path, method, op } of operationsOf()) {
      const responses = op.responses as Record<string, { content: Record<string, { example?: unknown }> }>;
      for (const [status, response] of Object.entries(responses)) {
        const media = Object.values(response.content)[0]!;
        expect(media.example, `${method} ${path} ${status}`).toBeDefined();
        if (Number(status) >= 400) expect(media.example).toMatchObject({ status: Number(status), instance: path });
      }
    }
    // A reader of the document has only the document (and the station's source).
    expect(JSON.stringify(doc)).not.toMatch(/§|CONTRACT|seed interface/);
  });

  it('says what each problem holds: integer statuses, the 500’s traceId, the fields of a create', () => {
    const { schemas } = doc.components;
    expect(schemas.ValidationProblem.properties.status).toEqual({ type: 'integer', const: 400 });
    expect(schemas.Problem.properties.status).toEqual({ type: 'integer' });
    expect(schemas.InternalProblem.required).toContain('traceId');
    expect(doc.paths['/shipments'].get.responses['500'].content['application/problem+json'].schema).toEqual({
      $ref: '#/components/schemas/InternalProblem',
    });
    const create = schemas.CreateShipmentRequest;
    expect(create.properties.goodsDescription.description).toMatch(/not printed/);
    expect(create.properties.descriptionOfGoods.description).toMatch(/customs/);
    expect(create.required).not.toContain('collectionAddress');
    expect(create.properties.collectionAddress).toMatchObject({
      $ref: '#/components/schemas/SenderAddressInput',
      description: expect.stringMatching(/sender address of Settings/),
    });
    expect(doc.paths['/shipments/{uniqueId}'].get.description).toMatch(/shipment number/);
    expect(doc.paths['/auth'].post.parameters).toContainEqual(
      expect.objectContaining({
        name: 'option',
        required: true,
        schema: expect.objectContaining({ enum: ['apikey', 'credentials', 'refresh'] }),
      }),
    );
  });

  it('describes each webhook delivery: its body and the three signature headers', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([
      'order.cancelled',
      'order.created',
      'order.shipped',
      'shipment.cancelled',
      'shipment.created',
      'shipment.printed',
      'tracking.updated',
      'webhook.test',
    ]);
    for (const [type, { post }] of Object.entries(doc.webhooks as Record<string, { post: typeof doc }>)) {
      expect(post.parameters.map((p: { name: string }) => p.name)).toEqual([
        'Webhook-Id',
        'Webhook-Timestamp',
        'Webhook-Signature',
      ]);
      const body = post.requestBody.content['application/json'];
      expect(body.schema.$ref).toMatch(/^#\/components\/schemas\/Webhook(Shipment|Order|Test)Event$/);
      expect(body.example.type).toBe(type);
    }
  });

  it('names its shapes once and refers to them', () => {
    for (const name of [
      'Address',
      'Piece',
      'Shipment',
      'ShipmentSummary',
      'Label',
      'TrackingEvent',
      'Problem',
      'ValidationProblem',
    ]) {
      expect(doc.components.schemas, name).toHaveProperty([name]);
    }
    const create = doc.paths['/shipments'].post;
    expect(create.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/CreateShipmentRequest',
    });
    expect(doc.components.schemas.CreateShipmentRequest.properties.deliveryAddress).toEqual({
      $ref: '#/components/schemas/AddressInput',
    });
    expect(doc.components.schemas.Shipment.properties.deliveryAddress).toEqual({
      $ref: '#/components/schemas/Address',
    });
    expect(doc.components.schemas.ShipmentList.properties.items.items).toEqual({
      $ref: '#/components/schemas/ShipmentSummary',
    });
    expect(doc.components.schemas.ShipmentSummary.properties.status).toEqual({
      $ref: '#/components/schemas/ShipmentStatus',
    });
    expect(doc.components.schemas.ShipmentStatus.enum).toHaveLength(16);
    expect(doc.components.schemas.TrackingEvent.properties.occurredOn).toEqual({ type: 'string', format: 'date-time' });
    // Labels are OpenAPI base 64 (format byte) of a PDF.
    expect(doc.components.schemas.CreatedPiece.properties.base64String).toMatchObject({
      type: 'string',
      format: 'byte',
      contentMediaType: 'application/pdf',
    });
    expect(create.responses['400'].content['application/problem+json'].schema).toEqual({
      $ref: '#/components/schemas/ValidationProblem',
    });
    expect(create.responses['409'].description).toMatch(/Idempotency-Key/);
    const key = (create.parameters as { name: string; in: string; description: string }[]).find(
      (p) => p.name === 'Idempotency-Key',
    );
    expect(key).toMatchObject({ in: 'header', required: false });
    expect(key!.description).toMatch(/same key with the same body/);
  });

  it('documents 429 with Retry-After, and the public tracking view with its postCode', () => {
    const tracking = doc.paths['/tracking/{uniqueId}'].get;
    expect(tracking.operationId).toBe('trackShipmentPublic');
    expect(tracking.parameters).toContainEqual(
      expect.objectContaining({ name: 'postCode', in: 'query', required: true }),
    );
    for (const op of [tracking, doc.paths['/auth'].post]) {
      expect(op.responses['429'].headers['Retry-After'].schema.type).toBe('integer');
    }
  });

  it('answers the public tracking view at its documented address and at the seed’s', async () => {
    const key = await createApiKey(station);
    const accessToken = await apiKeyToken(station, key);
    const example = doc.paths['/shipments'].post.requestBody.content['application/json'].example;
    const created = await (
      await fetch(`${station.base}/shipments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify(example),
      })
    ).json();
    expect(created.success).toBe(true);
    const documented = await fetch(`${station.base}/tracking/${created.shipmentNumber}?postCode=ls11ur`);
    const seed = await fetch(`${station.base}/shipments/${created.shipmentNumber}?postCode=ls11ur`);
    expect(documented.status).toBe(200);
    expect(await documented.json()).toEqual(await seed.json());
    const noPostCode = await fetch(`${station.base}/tracking/${created.shipmentNumber}`);
    expect(noPostCode.status).toBe(400);
    expect((await noPostCode.json()).postCode).toBeTruthy();
  });
});
