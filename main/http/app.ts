/**
 * The loopback HTTP door, built without listening (tests inject requests; server.ts
 * listens). Every route comes from the operation table and calls `invoke`, the same
 * function the IPC door calls; this file only carries requests and problems.
 */
import fastifyStatic from '@fastify/static';
import fastJson from 'fast-json-stringify';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { Type } from 'typebox';
import { ProblemError, storageProblem, validationError } from '../core/errors';
import { Problem } from '../core/schemas';
import type { Station } from '../core/station';
import { invoke } from '../operations/invoke';
import { bodyOf, inMiB, JSON_BODY_LIMIT, operations, type OperationName, type OperationSpec } from '../operations/spec';
import { MAX_DEPTH } from '../operations/validate';
import { CONTENT_SECURITY_POLICY } from './content-security-policy';
import { allowedHosts, isAllowedHost, isAllowedOrigin } from './loopback-policy';
import { problemBody, problemPage } from '../operations/problems';
import { openApiDocument } from './openapi';

export interface AppOptions {
  station: Station;
  /** The port the server listens on: the Host allow-list names it. */
  port: number;
  /** A non-loopback address the server was told to bind (`--host`): requests may name it too. */
  host?: string | undefined;
  /** The built renderer to serve at `/`, if any. */
  rendererDir?: string | undefined;
  logger?: boolean | object;
}

const DEFAULT_DOC_PORT = 7317;
const BEARER = /^Bearer\s+(\S+)$/i;
const bearerToken = (request: FastifyRequest): string | undefined =>
  BEARER.exec(request.headers.authorization ?? '')?.[1];
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
const pathOnly = (url: string) => url.split('?')[0] ?? url;
/** What a route's row says of its body, kept on the route for the parsers and the 413. */
interface RouteBody {
  body: ReturnType<typeof bodyOf>;
}
const routeBody = (request: FastifyRequest): RouteBody['body'] =>
  (request.routeOptions.config as Partial<RouteBody> | undefined)?.body ?? bodyOf({});

function sendProblem(reply: FastifyReply, error: ProblemError, instance: string, traceId?: string): FastifyReply {
  if (error.status === 401) reply.header('WWW-Authenticate', 'Bearer');
  if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
  return reply
    .code(error.status)
    .type('application/problem+json')
    .send(problemBody(error, instance, traceId));
}

/** Fastify's own request errors, as the problems docs/contract.md §1–§2 name. */
function asProblem(error: FastifyError & { code?: string }, body = bodyOf({})): ProblemError | null {
  if (error instanceof ProblemError) return error;
  const tooLarge = () =>
    body.mediaType === 'text/csv'
      ? new ProblemError('payload-too-large', `The file is larger than ${inMiB(body.limit)}; split it.`, {
          body: `must be at most ${inMiB(body.limit)}`,
        })
      : new ProblemError('payload-too-large', `The request body is larger than ${inMiB(body.limit)}.`);
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return tooLarge();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ProblemError(
        'unsupported-media-type',
        'Send the request body as JSON with Content-Type: application/json.',
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ProblemError('validation', 'The request body is empty.', {
        body: 'The request body is required: send a JSON object',
      });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ProblemError('validation', 'The Content-Length does not match the body.', {
        body: 'has the wrong length',
      });
  }
  if (error.statusCode === 400 && (error instanceof SyntaxError || /JSON/i.test(error.message))) {
    return new ProblemError('validation', 'The request body is not valid JSON.', {
      body: `is not valid JSON: ${error.message}`,
    });
  }
  if (error.statusCode === 413) return tooLarge();
  if (error.statusCode === 415) return new ProblemError('unsupported-media-type', error.message);
  if (error.code === 'FST_ERR_BAD_URL')
    return new ProblemError('bad-request', 'The address has a broken percent-encoding.');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return new ProblemError('uri-too-long', 'A path parameter of the address is longer than 100 characters.');
  // Any other refusal of the framework's own is still the client's, in our shape.
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return new ProblemError('bad-request', 'The request could not be read.');
  }
  return storageProblem(error);
}

/** Errors of a connection that ended before its request did: a disconnect, not a fault. */
const isDisconnect = (error: { code?: string }, request: FastifyRequest): boolean =>
  error.code === 'ECONNRESET' ||
  error.code === 'ECONNABORTED' ||
  request.raw.aborted ||
  (request.raw.destroyed && !request.raw.complete);

/**
 * Node's HTTP parser refuses a request before Fastify sees it (headers over 16 KiB, bad
 * chunking, a malformed request line): answered here, on the socket, in our problem shape.
 */
function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Duplex,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    this.log.info({ code: error.code }, 'client disconnected before its request was complete');
    return;
  }
  const problem =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new ProblemError('headers-too-large', 'The request line and headers together are larger than 16 KiB.')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new ProblemError('bad-request', 'The request did not arrive in time.')
        : new ProblemError('bad-request', `The request is not well-formed HTTP (${error.code ?? 'parse error'}).`);
  const line = /^[A-Z]+ (\/[^ ?\r\n]*)/.exec(
    Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1', 0, 2048) : '',
  );
  const body = JSON.stringify(problemBody(problem, line?.[1] ?? '/'));
  this.log.info({ code: error.code }, 'malformed request refused');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? ''}\r\nContent-Type: application/problem+json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Whether JSON text nests arrays and objects deeper than `max`: one pass over the text,
 * before JSON.parse or anything that walks the value recursively.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The documented schema of a route that two operations share (the seed's endpoint 9). */
function docSchema(specs: OperationSpec[]) {
  const [main, ...rest] = specs;
  const withQuery = [main!, ...rest].find((s) => s.query);
  return {
    summary: specs.map((s) => s.summary).join(' — or, with ?postCode=…, — '),
    tags: [main!.tag],
    ...(main!.params ? { params: main!.params } : {}),
    ...(withQuery?.query ? { querystring: rest.length ? Type.Partial(withQuery.query) : withQuery.query } : {}),
    ...(main!.body ? { body: main!.body } : {}),
    ...(main!.bodyMediaType ? { consumes: [main!.bodyMediaType] } : {}),
    ...(main!.headers ? { headers: main!.headers } : {}),
    response: {
      200: rest.length ? Type.Union(specs.map((s) => s.response)) : main!.response,
      ...(main!.created ? { 201: main!.response } : {}),
      '4xx': Problem,
      '5xx': Problem,
    },
    ...(specs.every((s) => s.access === 'public') ? {} : { security: [{ bearer: [] }] }),
  };
}

/**
 * `schema` with its base 64 strings (`format: byte`) marked for fast-json-stringify as
 * needing no escaping (its `format: unsafe`): base 64 never needs it, and scanning a
 * label's worth of it cost the event loop dearly under a create load.
 */
export function unescapedBase64(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(unescapedBase64);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, unescapedBase64(value)]));
  return copy.type === 'string' && copy.format === 'byte' ? { ...copy, format: 'unsafe' } : copy;
}

/**
 * The serialiser of a response schema: Fastify's own (fast-json-stringify) with base 64
 * unescaped. `unsafe` is also named to the Ajv it uses to choose between anyOf branches.
 */
export function responseSerializer(schema: unknown): (data: unknown) => string {
  return fastJson(unescapedBase64(schema) as Parameters<typeof fastJson>[0], { ajv: { formats: { unsafe: true } } });
}

/**
 * Response serialisers built on first use, not while the server gets ready: building them
 * all was the largest part of a start. A schema shared by many routes (the problem
 * shape) is built once. `warm()` builds the rest one at a time between requests, once
 * the port is open, so the first answers of each route do not pay for it either.
 */
function lazySerializers() {
  const built = new WeakMap<object, (data: unknown) => string>();
  const unbuilt = new Set<() => unknown>();
  const serializerFor = (schema: unknown) => {
    if (schema === null || typeof schema !== 'object') return responseSerializer(schema);
    let fn = built.get(schema);
    if (!fn) built.set(schema, (fn = responseSerializer(schema)));
    return fn;
  };
  return {
    compiler: ({ schema }: { schema: unknown }) => {
      let fn: ((data: unknown) => string) | undefined;
      const build = () => {
        unbuilt.delete(build);
        return (fn ??= serializerFor(schema));
      };
      unbuilt.add(build);
      return (data: unknown) => (fn ?? build())(data);
    },
    warm(isClosing: () => boolean) {
      const next = () => {
        const [build] = unbuilt;
        if (!build || isClosing()) return;
        build();
        setImmediate(next).unref();
      };
      setImmediate(next).unref();
    },
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { station } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    // Each route reads up to its row's bodyLimit; this is for requests no route takes.
    bodyLimit: JSON_BODY_LIMIT,
    // Validation is done once, by invoke(), for HTTP and IPC alike.
    schemaErrorFormatter: (errors) => new Error(JSON.stringify(errors)),
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    clientErrorHandler,
    // Node would answer a request without Host with a bare 400; the Host check below answers it as a problem.
    http: { requireHostHeader: false },
    // A broken %-encoding or an over-long parameter, found while routing: our shape too.
    frameworkErrors: (error, _request, reply) => {
      const problem = asProblem(error) ?? new ProblemError('bad-request', 'The request could not be read.');
      void sendProblem(reply as FastifyReply, problem, '/');
    },
  });
  app.setValidatorCompiler(() => () => true);
  const serializers = lazySerializers();
  app.setSerializerCompiler(serializers.compiler);
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
  });
  app.addHook('onListen', async () => serializers.warm(() => closing));
  // Only JSON bodies (docs/contract.md §1): anything else is 415, text/plain included.
  app.removeContentTypeParser('text/plain');
  // Tools often send Content-Type: application/json on a bodiless DELETE; an empty body is
  // "no body" (operations that need one then say which), everything else Fastify's parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === ''
      ? done(null, undefined)
      : jsonNestsDeeperThan(String(body), MAX_DEPTH)
        ? done(
            validationError(
              { body: `is nested more than ${MAX_DEPTH} levels deep` },
              `The request is nested more than ${MAX_DEPTH} levels deep.`,
            ),
            undefined,
          )
        : parseJson(request, String(body), done),
  );
  // A file to import is the body itself (text/csv), on the routes whose row says so only.
  app.addContentTypeParser('text/csv', { parseAs: 'buffer' }, (request, body, done) => {
    if (routeBody(request).mediaType !== 'text/csv') {
      done(
        new ProblemError(
          'unsupported-media-type',
          'Send the request body as JSON with Content-Type: application/json.',
        ),
        undefined,
      );
      return;
    }
    done(null, (body as Buffer).toString('utf8'));
  });
  // Port 0 asks the system for a free port: the allow-list then names the one it gave,
  // asked of the socket once (server.address() is a system call, twice per request).
  let boundPort = 0;
  const port = () => options.port || (boundPort ||= (app.server.address() as AddressInfo | null)?.port ?? 0);

  // Before any route or plugin: routes take the handlers in force when they are added.
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      new ProblemError('not-found', `${request.method} ${pathOnly(request.url)} is not an endpoint of this station.`),
      pathOnly(request.url),
    ),
  );
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDisconnect(error, request)) {
      request.log.info(
        { traceId: request.id, code: error.code },
        'client disconnected before its request was complete',
      );
      return sendProblem(
        reply,
        new ProblemError('bad-request', 'The connection ended before the request did.'),
        pathOnly(request.url),
      );
    }
    const problem = asProblem(error, routeBody(request));
    if (problem) return sendProblem(reply, problem, pathOnly(request.url));
    // Unexpected: log it with the trace id, answer without stack, SQL or secrets.
    request.log.error({ err: error, traceId: request.id }, 'internal error');
    return sendProblem(
      reply,
      new ProblemError('internal', `Something went wrong inside the station; quote trace id ${request.id}.`),
      pathOnly(request.url),
      request.id,
    );
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.host === undefined) {
      return sendProblem(
        reply,
        new ProblemError('bad-request', 'The request has no Host header; send Host: 127.0.0.1:<port>.'),
        pathOnly(request.url),
      );
    }
    if (!isAllowedHost(request.headers.host, port(), options.host)) {
      return sendProblem(
        reply,
        new ProblemError(
          'misdirected',
          `Host ${request.headers.host ?? '(none)'} is not this station: call it as ${allowedHosts(port(), options.host).join(', or ')}.`,
        ),
        pathOnly(request.url),
      );
    }
    if (!isAllowedOrigin(request.headers.origin, port(), options.host)) {
      return sendProblem(
        reply,
        new ProblemError('forbidden', 'Requests from other web pages are not accepted.'),
        pathOnly(request.url),
      );
    }
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Cache-Control', 'no-store');
  });

  const routes = new Map<string, { name: OperationName; spec: OperationSpec }[]>();
  for (const [name, spec] of Object.entries(operations) as [OperationName, OperationSpec][]) {
    const key = `${spec.method} ${spec.path}`;
    routes.set(key, [...(routes.get(key) ?? []), { name, spec }]);
    // The address the OpenAPI document gives an operation that shares the seed's route.
    if (spec.documentedPath)
      routes.set(`${spec.method} ${spec.documentedPath}`, [{ name, spec: { ...spec, path: spec.documentedPath } }]);
  }
  for (const group of routes.values()) {
    const { method, path } = group[0]!.spec;
    const shared = group.length > 1;
    const body = bodyOf(group[0]!.spec);
    app.route({
      method,
      url: fastifyPath(path),
      bodyLimit: body.limit,
      config: { body } satisfies RouteBody,
      // A body larger than JSON's (a 20 MiB import) is read only for a caller with a token:
      // anyone else is refused before it is taken, and the connection closed on the rest.
      ...(group[0]!.spec.access !== 'public' && body.limit > JSON_BODY_LIMIT
        ? {
            onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
              try {
                await station.auth.authenticate(bearerToken(request));
              } catch (error) {
                reply.header('Connection', 'close');
                throw error;
              }
            },
          }
        : {}),
      schema: docSchema(group.map((g) => g.spec)),
      // A shared route answers with either of two shapes; plain JSON keeps both intact.
      ...(shared ? { serializerCompiler: () => (data: unknown) => JSON.stringify(data) } : {}),
      handler: async (request, reply) => {
        const sentAs = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (body.mediaType !== 'application/json' && sentAs !== body.mediaType) {
          throw new ProblemError(
            'unsupported-media-type',
            `Send the file as the request body with Content-Type: ${body.mediaType}.`,
          );
        }
        const query = (request.query ?? {}) as Record<string, unknown>;
        const queryNames = Object.keys(query).map((k) => k.toLowerCase());
        const chosen =
          group.find((g) => g.spec.selectedByQuery && queryNames.includes(g.spec.selectedByQuery.toLowerCase())) ??
          group.find((g) => !g.spec.selectedByQuery) ??
          group[0]!;
        const output = await invoke(
          station,
          chosen.name,
          { params: request.params, query, body: request.body, headers: request.headers },
          { token: bearerToken(request), client: request.ip },
        );
        if (chosen.spec.created?.when(output)) reply.code(201);
        return output;
      },
    });
  }

  let document: object | undefined;
  app.get(
    '/openapi.json',
    async () => (document ??= openApiDocument({ version: station.version, port: port() || DEFAULT_DOC_PORT })),
  );
  app.get<{ Params: { kind: string } }>('/problems/:kind', async (request, reply) => {
    const page = problemPage(request.params.kind);
    if (!page) throw new ProblemError('not-found', `No problem type ${request.params.kind}`);
    return reply.type('text/html; charset=utf-8').send(page);
  });

  const rendererDir = options.rendererDir;
  if (rendererDir && existsSync(join(rendererDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: rendererDir,
      wildcard: false,
      setHeaders: (res) => {
        // The same policy the desktop window enforces, plus framing: a browser may embed pages.
        res.header('Content-Security-Policy', `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`);
        res.header('X-Frame-Options', 'DENY');
        res.header('Referrer-Policy', 'no-referrer');
      },
    });
  } else {
    app.get('/', async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><title>Shipping Station</title><p>The station is running. Its screens are not built: run <code>npm run build</code>, then start it again.</p>',
        ),
    );
  }

  return app;
}
