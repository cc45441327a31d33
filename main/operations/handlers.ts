/**
 * What each operation of the table does: a line or two that calls the core. TypeScript
 * checks that every operation has exactly one handler with the table's input and output.
 */
import type { AuthUser } from '../core/auth';
import type { Station } from '../core/station';
import type { InputOf, OperationName, OutputOf } from './spec';

export interface CallContext {
  station: Station;
  /** The signed-in user; null only for public operations. */
  user: AuthUser | null;
  /** Who is calling, for rate limits: the remote address, or `ipc` for the app's window. */
  client: string;
}

type Handlers = {
  [N in OperationName]: (ctx: CallContext, input: InputOf<N>) => OutputOf<N> | Promise<OutputOf<N>>;
};

const caller = (ctx: CallContext) => ({ userId: ctx.user!.id, username: ctx.user!.username });

export const handlers: Handlers = {
  signIn: (ctx, { query, body }) => ctx.station.auth.signIn(query.option, body, ctx.client),
  me: async (ctx) => ({ user: await ctx.station.auth.user(ctx.user!.id) }),
  listCarriers: (ctx) => ctx.station.carriers.list(),
  listCarrierServices: (ctx, { params }) => ctx.station.carriers.services(params.carrierId),
  listCarrierFeatures: (ctx, { params }) => ctx.station.carriers.features(params.carrierId),
  createShipment: (ctx, { body, headers }) =>
    ctx.station.shipments.create(body, caller(ctx), headers['idempotency-key']),
  listShipments: (ctx, { query }) => ctx.station.shipments.list(query),
  viewShipment: (ctx, { params }) => ctx.station.shipments.view(params.uniqueId),
  trackPublic: (ctx, { params, query }) =>
    ctx.station.shipments.publicTracking(params.uniqueId, query.postCode, ctx.client),
  shipmentLabel: (ctx, { params, query }) =>
    ctx.station.shipments.label(params.uniqueId, caller(ctx), query.pageSize, query.includeCustoms),
  cancelShipment: (ctx, { params }) => ctx.station.shipments.cancel(params.uniqueId, caller(ctx)),
  recordCarrierEvent: (ctx, { params, body }) =>
    ctx.station.shipments.recordEvent(params.uniqueId, body, caller(ctx)),
  shipmentTracking: (ctx, { params }) => ctx.station.shipments.tracking(params.uniqueId),
  listUsers: (ctx) => ctx.station.auth.listUsers(),
  createUser: (ctx, { body }) => ctx.station.auth.createUser(body),
  updateUser: (ctx, { params, body }) => ctx.station.auth.updateUser(params.userId, body),
  listApiKeys: (ctx) => ctx.station.auth.listApiKeys(),
  createApiKey: (ctx, { body }) => ctx.station.auth.createApiKey(body.name, body.username, ctx.user!),
  revokeApiKey: (ctx, { params }) => ctx.station.auth.revokeApiKey(params.apiKeyId),
  getSettings: (ctx) => ctx.station.settings.get(),
  updateSettings: (ctx, { body }) => ctx.station.settings.update(body),
  health: (ctx) => ({ status: 'ok', version: ctx.station.version }),
  shipmentCustoms: (ctx, { params, query }) => ctx.station.shipments.customs(params.uniqueId, query.pageSize),
};
