/**
 * The OpenAPI 3.1 document, generated from the operation table and its schemas: one
 * operation per row (its key is the operationId), shapes named once under
 * components.schemas and referenced by `$ref`, and every status an operation can answer.
 */
import type { TSchema } from 'typebox';
import * as S from '../core/schemas';
import { bodyOf, inMiB, operations, type OperationName, type OperationSpec } from '../operations/spec';
import { PROBLEM_KINDS, ProblemError, type ProblemKind } from '../core/errors';
import { validateInput, type RawInput } from '../operations/validate';
import { OPERATION_EXAMPLES, WEBHOOK_EVENT_SUMMARIES, WEBHOOK_EXAMPLES } from './openapi-examples';

type Json = Record<string, unknown>;

/**
 * The named shapes. A schema anywhere in the table that equals one of these (by value:
 * typebox copies a schema when it is made optional) is written as a `$ref` to it.
 * Order matters only for equal shapes: the first name wins.
 */
export const COMPONENT_SCHEMAS: Record<string, TSchema> = {
  Address: S.Address,
  AddressInput: S.AddressInput,
  SenderAddress: S.SenderAddress,
  SenderAddressInput: S.SenderAddressInput,
  PieceInput: S.PieceInput,
  Piece: S.ViewedPiece,
  CreatedPiece: S.CreatedPiece,
  CreateShipmentRequest: S.CreateShipmentRequest,
  CreateShipmentResponse: S.CreateShipmentResponse,
  CreateReturnRequest: S.CreateReturnRequest,
  CreateReturnResponse: S.CreateReturnResponse,
  Shipment: S.ShipmentDetail,
  ShipmentSummary: S.ListItem,
  ShipmentList: S.ShipmentList,
  ShipmentStatus: S.Status,
  Label: S.LabelResponse,
  Success: S.SuccessResponse,
  TrackingEvent: S.TrackingStatus,
  Tracking: S.TrackingResponse,
  CarrierEventRequest: S.CarrierEventRequest,
  Carrier: S.Carrier,
  CarrierList: S.CarrierList,
  CarrierService: S.CarrierService,
  CarrierServiceList: S.CarrierServiceList,
  CarrierFeature: S.CarrierFeature,
  CarrierFeatureList: S.CarrierFeatureList,
  AuthRequest: S.AuthRequest,
  AuthResponse: S.AuthResponse,
  User: S.User,
  UserList: S.UserList,
  Me: S.Me,
  CreateUserRequest: S.CreateUserRequest,
  UpdateUserRequest: S.UpdateUserRequest,
  ApiKey: S.ApiKey,
  ApiKeyList: S.ApiKeyList,
  CreateApiKeyRequest: S.CreateApiKeyRequest,
  CreatedApiKey: S.CreatedApiKey,
  StationSettings: S.StationSettings,
  UpdateSettingsRequest: S.UpdateSettingsRequest,
  Health: S.Health,
  WebhookEvent: S.WebhookEventType,
  Webhook: S.Webhook,
  WebhookList: S.WebhookList,
  CreateWebhookRequest: S.CreateWebhookRequest,
  CreatedWebhook: S.CreatedWebhook,
  WebhookDelivery: S.WebhookDelivery,
  WebhookDeliveryList: S.WebhookDeliveryList,
  Problem: S.Problem,
  ValidationProblem: S.ValidationProblem,
  InternalProblem: S.InternalProblem,
  WebhookShipmentEvent: S.WebhookShipmentEvent,
  WebhookOrderEvent: S.WebhookOrderEvent,
  WebhookTestEvent: S.WebhookTestEvent,
  WebhookShipmentData: S.WebhookShipmentData,
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  Authentication: 'Sign in with an API key, a user name and password, or a refresh token; the signed-in user.',
  Carriers: 'The carriers, services and features a shipment is created with.',
  Shipments: 'Create, list, view, label and cancel shipments.',
  Tracking: 'Tracking history: carrier scans, and the public view an addressee may use.',
  Administration: 'Users and API keys (administrators only).',
  Station: 'Station settings and health.',
  Scale:
    "The desk's weighing scale (serial: NCI, Mettler Toledo SICS, continuous output): its settings and a live reading.",
  'Watched folder':
    "The desk's watched folder: CSV or JSON order files dropped in it (written elsewhere, renamed in) are added, or shipped and printed, and each gets a result file beside it in done/ or failed/.",
  Webhooks:
    'Local tools told of changes as they happen: each POST carries Webhook-Id (de-duplicate by it: delivery is at least once), Webhook-Timestamp and Webhook-Signature (`v1=` + hex HMAC-SHA256 of `timestamp.body` under the secret). The deliveries themselves are in this document’s webhooks section.',
};

const DESCRIPTION = `The loopback API of a Shipping Station: the same service the desk's window uses.

**Signing in.** \`POST /auth?option=apikey\` with \`{"apiKey":{"apiKey":"ssk_…"}}\` returns an
access token (60 minutes) and a refresh token (30 days, single use). Send the access token as
\`Authorization: Bearer <token>\`. Operations marked with no security need no token.

**Errors** are \`application/problem+json\` (RFC 9457): \`type\`, \`title\`, \`status\`,
\`detail\`, \`instance\`. A 400 names every wrong field at once, one member per field path.
A 429 or 503 carries \`Retry-After\` (seconds).

**Retrying a create safely.** Send an \`Idempotency-Key\` header with \`POST /shipments\`: the same
key with the same body within 24 hours returns the first answer and creates nothing more.

**A shipment's id** in a path (\`{uniqueId}\`) is its \`shipmentId\` (a UUID) or its shipment number
(\`SS00000042\`). The list names the number \`shipmentNo\` and gives the delivery address as one line:
those shapes are the station's original interface, kept for the tools written against it. What
is marked *Extension* was added to that interface; such a tool never needs it.

**Webhooks**: the station POSTs each event to the URLs subscribed with \`POST /webhooks\`; the
bodies and the signature headers are in this document's \`webhooks\` section.

Runnable examples in curl, Python and PowerShell: docs/integrating.md of the station's source.`;

/** Canonical JSON of a schema: typebox's schemas are plain objects with enumerable keywords. */
const keyOf = (schema: unknown) => JSON.stringify(schema);

function refWriter() {
  const names = new Map<string, string>();
  for (const [name, schema] of Object.entries(COMPONENT_SCHEMAS)) {
    if (!names.has(keyOf(schema))) names.set(keyOf(schema), name);
  }
  /** `schema` as the document writes it: named shapes within it as `$ref`s (itself too unless `root`). */
  const write = (schema: unknown, root = false): unknown => {
    if (Array.isArray(schema)) return schema.map((s) => write(s));
    if (schema === null || typeof schema !== 'object') return schema;
    const name = root ? undefined : names.get(keyOf(schema));
    if (name) return { $ref: `#/components/schemas/${name}` };
    // A named shape described for one use (`described`): the reference with that description.
    const { description, ...bare } = schema as Json;
    const described = root || description === undefined ? undefined : names.get(keyOf(bare));
    if (described) return { $ref: `#/components/schemas/${described}`, description };
    return Object.fromEntries(
      Object.entries(schema).map(([k, v]) =>
        // Property names and enum values are data, not schemas.
        [
          k,
          k === 'properties'
            ? mapValues(v as Json, (p) => write(p))
            : k === 'enum' || k === 'required' || k === 'examples'
              ? v
              : write(v),
        ],
      ),
    );
  };
  return write;
}

const mapValues = (o: Json, f: (v: unknown) => unknown) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

const headerName = (name: string) =>
  name.replace(/(^|-)(\w)/g, (_m, dash: string, c: string) => dash + c.toUpperCase());

const PARAMETER_DESCRIPTIONS: Record<string, string> = {
  'Idempotency-Key':
    'Makes a retry safe: the same key with the same body within 24 hours returns the first answer and creates nothing; the same key with another body is a 409. 1–255 characters, e.g. your order number.',
  Status: 'One or more statuses (repeat the parameter, or separate them with commas).',
  DateFrom: 'Created on or after: an ISO 8601 date-time with an offset, or a date (UTC).',
  DateTo: 'Created on or before; a date alone covers that whole day (UTC).',
  postCode: 'The delivery post code; case and spaces are ignored.',
  Page: 'The page, from 1; a page past the end is empty and keeps the true totals.',
  ItemsPerPage: 'Shipments per page, 1 to 1000 (default 100).',
  OrderByDate: 'By creation time: NewestFirst (default) or OldestFirst; ties by id.',
  pageSize: 'The label size: 4x6 inch (default: the station’s setting) or A6.',
  option:
    'How to sign in, matched ignoring case: `apikey` (body `{"apiKey": {"apiKey": "ssk_…"}}`), `credentials` (body `{"credentials": {"username", "password"}}`) or `refresh` (body `{"refreshToken": "<refreshToken.accessToken>"}`).',
};

/** Where the document says more than the schema that checks a parameter. */
const PARAMETER_SCHEMAS: Record<string, Json> = {
  // The station takes any case; a generated client offers the three.
  option: { type: 'string', enum: ['apikey', 'credentials', 'refresh'] },
};

/** What a 200 holds, where the summary does not say it already. */
const RESPONSE_DESCRIPTIONS: Partial<Record<OperationName, string>> = {
  signIn: 'An access token (60 minutes) and a refresh token (30 days, single use).',
  getMe: 'The signed-in user.',
  createShipment: 'The shipment’s id and number, and each piece’s label (PDF, base 64) and tracking number.',
  listShipments: 'One page of shipments, with the totals over every matching shipment.',
  getShipment: 'The shipment.',
  trackShipmentPublic: 'The tracking history, oldest first; user names are blanked.',
  getShipmentLabel: 'One PDF, one page per piece in sequence order.',
  cancelShipment: 'Cancelled (or it was already).',
  recordCarrierEvent: 'The tracking history with the new scan.',
  getShipmentTracking: 'The tracking history, oldest first.',
  createApiKey: 'The key, shown in this response only.',
  revokeApiKey: 'Revoked.',
  getHealth: 'The station is up.',
  getReadiness: 'The station’s database answers.',
};

function parameters(spec: OperationSpec, write: (s: unknown) => unknown): Json[] {
  const out: Json[] = [];
  const add = (where: 'path' | 'query' | 'header', schema: TSchema | undefined) => {
    if (!schema) return;
    const required = new Set<string>((schema as Json).required as string[] | undefined);
    for (const [name, raw] of Object.entries((schema as Json).properties as Record<string, Json>)) {
      const docName = where === 'header' ? headerName(name) : name;
      // A parameter that may repeat: documented as the array it is sent as.
      const variants = raw.anyOf as Json[] | undefined;
      const array = variants?.find((v) => v.type === 'array');
      // Status values are checked by the core (docs/contract.md §6); the document names the allowed ones.
      const items = name === 'Status' ? S.Status : array?.items;
      const property: Json = array ? { ...array, items } : raw;
      const { description, ...bare } = property;
      out.push({
        name: docName,
        in: where,
        required: where === 'path' || required.has(name),
        description: PARAMETER_DESCRIPTIONS[docName] ?? description ?? docName,
        schema: PARAMETER_SCHEMAS[docName] ?? write(bare),
        ...(array ? { style: 'form', explode: true } : {}),
      });
    }
  };
  add('path', spec.params);
  add('query', spec.query);
  add('header', spec.headers);
  return out;
}

const problemContent = (schema: string, example: Json) => ({
  'application/problem+json': { schema: { $ref: `#/components/schemas/${schema}` }, example },
});
const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } },
};

function responses(name: OperationName, spec: OperationSpec, path: string, write: (s: unknown) => unknown): Json {
  const example = OPERATION_EXAMPLES[name];
  const response = write(spec.response) as Json;
  const described = (spec.response as Json).description as string | undefined;
  const problem = (status: number, detail: string, members: Record<string, string> = {}) =>
    problemExample(status, detail, path, members);
  const out: Json = {
    200: {
      description: RESPONSE_DESCRIPTIONS[name] ?? described ?? spec.summary,
      content: { 'application/json': { schema: response, example: example.response } },
    },
  };
  if (spec.created)
    out[201] = {
      description: spec.created.description,
      content: { 'application/json': { schema: response, example: example.created ?? example.response } },
    };
  const takesInput = spec.body || spec.query || spec.params || spec.headers;
  if (takesInput) {
    const invalid = example.validationProblem ?? validationExample(spec);
    out[400] = {
      description: 'The request is not valid: every wrong field is named in its own member.',
      content: problemContent('ValidationProblem', problem(400, invalid.detail, invalid.members)),
    };
  }
  if (spec.access !== 'public') {
    out[401] = {
      description: 'No access token, or an expired or revoked one: sign in again (or refresh).',
      headers: { 'WWW-Authenticate': { description: 'Always `Bearer`.', schema: { type: 'string' } } },
      content: problemContent('Problem', problem(401, 'The access token is not valid or has expired; sign in again.')),
    };
  }
  out[403] = {
    description:
      spec.access === 'admin'
        ? 'The signed-in user is not an administrator, or the request came from another web page (Origin).'
        : 'The request came from another web page (an Origin header that is not the station’s own).',
    content: problemContent(
      'Problem',
      problem(
        403,
        spec.access === 'admin'
          ? 'Only an administrator may do this.'
          : 'Requests from other web pages are not accepted.',
      ),
    ),
  };
  const own = spec.problems ?? {};
  if (own[404] || spec.params) {
    out[404] = {
      description: own[404] ?? 'Nothing exists with this id.',
      content: problemContent('Problem', problem(404, example.notFound ?? notFoundDetail(spec))),
    };
  }
  if (own[409]) {
    out[409] = {
      description: own[409],
      content: problemContent('Problem', problem(409, example.conflict ?? own[409])),
    };
  }
  if (spec.body) {
    const body = bodyOf(spec);
    out[413] = {
      description: `The request body is larger than ${inMiB(body.limit)}.`,
      content: problemContent('Problem', problem(413, `The request body is larger than ${inMiB(body.limit)}.`)),
    };
    const sendAs =
      body.mediaType === 'application/json'
        ? 'Send the request body as JSON with Content-Type: application/json.'
        : `Send the file as the request body with Content-Type: ${body.mediaType}.`;
    out[415] = {
      description: `The request body is not sent as ${body.mediaType}.`,
      content: problemContent('Problem', problem(415, sendAs)),
    };
  }
  out[421] = {
    description: 'The Host header does not name this station’s loopback address.',
    content: problemContent(
      'Problem',
      problem(
        421,
        'Host 192.168.1.20:7317 is not this station: call it as 127.0.0.1:7317, or localhost:7317, or [::1]:7317.',
      ),
    ),
  };
  if (own[429]) {
    out[429] = {
      description: own[429],
      headers: retryAfter,
      content: problemContent(
        'Problem',
        problem(429, example.rateLimited ?? 'Too many requests; try again in 42 seconds.'),
      ),
    };
  }
  out[500] = {
    description: 'Something failed inside the station; nothing was half-written. `traceId` names the log entry.',
    content: problemContent('InternalProblem', {
      ...problem(500, 'Something went wrong inside the station; quote trace id req-1f.'),
      traceId: 'req-1f',
    }),
  };
  if (name !== 'getHealth') {
    out[503] = {
      description: own[503]
        ? `${own[503]} Or: the station’s database cannot be used just now.`
        : 'The station’s database cannot be used just now.',
      headers: retryAfter,
      content: problemContent(
        'Problem',
        problem(503, 'The station’s database is busy or unavailable; try again shortly.'),
      ),
    };
  }
  return out;
}

/** A problem body as the station answers it, for `status`, at `path`. */
function problemExample(status: number, detail: string, path: string, members: Record<string, string>): Json {
  const kind = (Object.keys(PROBLEM_KINDS) as ProblemKind[]).find((k) => PROBLEM_KINDS[k].status === status)!;
  return { ...members, type: `/problems/${kind}`, title: PROBLEM_KINDS[kind].title, status, detail, instance: path };
}

/**
 * An operation's 400 as its own validation answers it: an empty body, else an overlong path
 * parameter, else an unknown query parameter, checked by the same code as a real request.
 */
function validationExample(spec: OperationSpec): { detail: string; members: Record<string, string> } {
  const params = Object.fromEntries(Object.keys(propertiesOf(spec.params)).map((k) => [k, '1']));
  const attempts: RawInput[] = [
    ...(spec.body
      ? [
          { params, query: {}, body: {} },
          { params, query: {}, body: { colour: 'blue' } },
        ]
      : []),
    { params: Object.fromEntries(Object.keys(params).map((k) => [k, 'x'.repeat(400)])), query: {} },
    { params, query: { Colour: 'blue' } },
  ];
  for (const raw of attempts) {
    try {
      validateInput(spec, raw);
    } catch (error) {
      if (error instanceof ProblemError) return { detail: error.message, members: error.members };
      throw error;
    }
  }
  throw new Error(`no 400 example for ${spec.method} ${spec.path}`);
}

const propertiesOf = (schema: TSchema | undefined) => ((schema as Json | undefined)?.properties ?? {}) as Json;

/** What a 404 says for an operation's first path id. */
function notFoundDetail(spec: OperationSpec): string {
  const id = Object.keys(propertiesOf(spec.params))[0];
  const things: Record<string, string> = {
    uniqueId: 'Shipment SS00000099',
    carrierId: 'Carrier 9',
    importId: 'Import 99',
    manifestId: 'Manifest 99',
    userId: 'User 99',
    apiKeyId: 'API key 99',
    webhookId: 'Webhook 99',
    addressId: 'Saved address 99',
    presetId: 'Package preset 99',
    printerId: 'Printer net:10.0.0.9:9100',
    idempotencyKey: 'A running import with this key',
  };
  return `${id ? (things[id] ?? id) : 'It'} was not found`;
}

/** The three headers of every delivery. */
const WEBHOOK_HEADERS: Json[] = [
  {
    name: 'Webhook-Id',
    in: 'header',
    required: true,
    description: 'The event’s id (as `id` in the body): the same on every retry. Skip an id you have handled.',
    schema: { type: 'string' },
    example: 'evt_t1042',
  },
  {
    name: 'Webhook-Timestamp',
    in: 'header',
    required: true,
    description: 'When this attempt was signed, in Unix seconds. Refuse one far from your clock (e.g. 5 minutes).',
    schema: { type: 'string', pattern: '^\\d+$' },
    example: '1795772472',
  },
  {
    name: 'Webhook-Signature',
    in: 'header',
    required: true,
    description:
      '`v1=` and the hex HMAC-SHA256 of `<Webhook-Timestamp>.<body as received>` under the secret POST /webhooks answered. Compare in constant time.',
    schema: { type: 'string', pattern: '^v1=[0-9a-f]{64}$' },
    example: 'v1=5f0c9d6e1b2a3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5',
  },
];

/** The OpenAPI 3.1 webhooks section: what the station POSTs to a subscribed URL, per event. */
function webhooksSection(): Json {
  const deliveries: [string, string, string, Json][] = [
    ...S.WEBHOOK_EVENTS.map((type): [string, string, string, Json] => [
      type,
      type.startsWith('order.') ? 'WebhookOrderEvent' : 'WebhookShipmentEvent',
      WEBHOOK_EVENT_SUMMARIES[type],
      WEBHOOK_EXAMPLES[type],
    ]),
    [
      S.WEBHOOK_TEST_EVENT,
      'WebhookTestEvent',
      'A test delivery (POST /webhooks/{webhookId}/test)',
      WEBHOOK_EXAMPLES[S.WEBHOOK_TEST_EVENT],
    ],
  ];
  return Object.fromEntries(
    deliveries.map(([type, schema, summary, example]) => [
      type,
      {
        post: {
          operationId: `deliver${type.replace(/(^|\.)(\w)/g, (_m, _dot: string, c: string) => c.toUpperCase())}`,
          tags: ['Webhooks'],
          summary,
          description:
            'Sent to every webhook subscribed to this event, at least once: queued with the change itself and retried after 1 s, 2 s, 4 s … (at most 5 minutes apart) for a day until the listener answers 2xx. Check Webhook-Signature before trusting the body.',
          security: [],
          parameters: WEBHOOK_HEADERS,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` }, example } },
          },
          responses: {
            200: { description: 'Any 2xx: delivered; the station sends this event no more.' },
            400: {
              description:
                'Any other answer, or none within 10 seconds: the station tries again later (the deliveries list shows the status).',
            },
          },
        },
      },
    ]),
  );
}

export interface OpenApiOptions {
  version: string;
  port: number;
}

/** The whole document for a station of this version listening on `port`. */
export function openApiDocument({ version, port }: OpenApiOptions): Json {
  const write = refWriter();
  const paths: Record<string, Json> = {};
  const tags = new Set<string>();
  for (const [name, spec] of Object.entries(operations) as [OperationName, OperationSpec][]) {
    const path = spec.documentedPath ?? spec.path;
    const example = OPERATION_EXAMPLES[name];
    tags.add(spec.tag);
    const params = parameters(spec, write);
    paths[path] = {
      ...paths[path],
      [spec.method.toLowerCase()]: {
        operationId: name,
        tags: [spec.tag],
        summary: spec.summary,
        ...(spec.documentedPath
          ? {
              description: `Also answered at \`${spec.method} ${spec.path}?${spec.selectedByQuery}=…\` without a token (the station's original address for it).`,
            }
          : spec.description
            ? { description: spec.description }
            : {}),
        security: spec.access === 'public' ? [] : [{ bearer: [] }],
        ...(params.length ? { parameters: params } : {}),
        ...(spec.body
          ? {
              requestBody: {
                required: true,
                content: {
                  [bodyOf(spec).mediaType]: {
                    schema: write(spec.body),
                    ...(example?.request ? { example: example.request } : {}),
                  },
                },
              },
            }
          : {}),
        responses: responses(name, spec, path, write),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Shipping Station',
      version,
      description: DESCRIPTION,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: `http://127.0.0.1:${port}`, description: 'This station (loopback only).' }],
    security: [{ bearer: [] }],
    tags: [...tags].map((tag) => ({ name: tag, description: TAG_DESCRIPTIONS[tag] ?? tag })),
    paths,
    webhooks: webhooksSection(),
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The accessToken from POST /auth.' },
      },
      schemas: Object.fromEntries(
        Object.entries(COMPONENT_SCHEMAS).map(([name, schema]) => [name, write(schema, true)]),
      ),
    },
  };
}
