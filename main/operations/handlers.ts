/**
 * What each operation of the table does: a line or two that calls the core. TypeScript
 * checks that every operation has exactly one handler with the table's input and output.
 * Path ids become numbers here (pathId); the core takes numbers.
 */
import type { AuthUser } from '../core/auth';
import type { Station } from '../core/station';
import type { InputOf, OperationName, OutputOf } from './spec';
import { CreateShipmentRequest, OrderInput } from '../core/schemas';
import { pathId } from './path-ids';
import { schemaProblems } from './validate';
import { orderProblems } from '../core/validate-order';

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
  getMe: async (ctx) => ({ user: await ctx.station.auth.user(ctx.user!.id) }),
  listCarriers: (ctx) => ctx.station.carriers.list(),
  listCarrierServices: (ctx, { params }) => ctx.station.carriers.services(pathId(params, 'carrierId')),
  listCarrierFeatures: (ctx, { params }) => ctx.station.carriers.features(pathId(params, 'carrierId')),
  createShipment: (ctx, { body, headers }) =>
    ctx.station.shipments.create(body, caller(ctx), headers['idempotency-key']),
  listShipments: (ctx, { query }) => ctx.station.shipments.list(query),
  getShipment: async (ctx, { params }) => {
    const detail = await ctx.station.shipments.view(params.uniqueId);
    return { ...detail, ...(await ctx.station.audit.printsOf(detail.shipmentNumber)) };
  },
  trackShipmentPublic: (ctx, { params, query }) =>
    ctx.station.shipments.publicTracking(params.uniqueId, query.postCode, ctx.client),
  getShipmentLabel: (ctx, { params, query }) =>
    ctx.station.shipments.label(params.uniqueId, caller(ctx), {
      size: query.pageSize,
      format: query.format,
      dpi: query.dpi,
      markPrinted: query.markPrinted,
      includeCustoms: query.includeCustoms,
      sheet: query.sheet,
    }),
  createReturn: (ctx, { params, body, headers }) =>
    ctx.station.shipments.createReturn(params.uniqueId, body, caller(ctx), headers['idempotency-key']),
  cancelShipment: (ctx, { params }) => ctx.station.shipments.cancel(params.uniqueId, caller(ctx)),
  recordCarrierEvent: (ctx, { params, body }) => ctx.station.shipments.recordEvent(params.uniqueId, body, caller(ctx)),
  getShipmentTracking: (ctx, { params }) => ctx.station.shipments.tracking(params.uniqueId),
  listUsers: (ctx) => ctx.station.auth.listUsers(),
  createUser: (ctx, { body }) => ctx.station.auth.createUser(body),
  updateUser: (ctx, { params, body }) => ctx.station.auth.updateUser(pathId(params, 'userId'), body),
  listApiKeys: (ctx) => ctx.station.auth.listApiKeys(),
  createApiKey: (ctx, { body }) => ctx.station.auth.createApiKey(body.name, body.username, ctx.user!),
  revokeApiKey: (ctx, { params }) => ctx.station.auth.revokeApiKey(pathId(params, 'apiKeyId')),
  getSettings: (ctx) => ctx.station.settings.get(),
  updateSettings: async (ctx, { body }) => {
    const settings = await ctx.station.settings.update(body);
    // A backup just turned on (or moved) is made now, not at the next hour.
    if (body.dailyBackup) void ctx.station.dailyBackups.check();
    return settings;
  },
  getHealth: (ctx) => ({ status: 'ok', version: ctx.station.version }),
  getReadiness: (ctx) => ctx.station.readiness(),
  listWebhooks: (ctx) => ctx.station.webhooks.list(),
  createWebhook: (ctx, { body }) => ctx.station.webhooks.create(body, ctx.user!.username),
  deleteWebhook: (ctx, { params }) => ctx.station.webhooks.remove(pathId(params, 'webhookId')),
  testWebhook: (ctx, { params }) => ctx.station.webhooks.test(pathId(params, 'webhookId')),
  listWebhookDeliveries: (ctx, { params }) => ctx.station.webhooks.deliveries(pathId(params, 'webhookId')),
  changeOwnPassword: (ctx, { body }) =>
    ctx.station.auth.changeOwnPassword(ctx.user!, body.currentPassword, body.newPassword, ctx.client),
  createManifest: (ctx, { body }) => ctx.station.manifests.close(body, caller(ctx)),
  listManifests: (ctx, { query }) => ctx.station.manifests.list(query),
  getManifest: (ctx, { params }) => ctx.station.manifests.view(pathId(params, 'manifestId')),
  getEndOfDay: (ctx) => ctx.station.manifests.endOfDay(),
  createImport: (ctx, { body, query, headers }) =>
    ctx.station.imports.run(
      body,
      query,
      caller(ctx),
      (row) => schemaProblems(CreateShipmentRequest, row),
      headers['idempotency-key'],
    ),
  getImport: (ctx, { params }) => ctx.station.imports.view(pathId(params, 'importId')),
  getImportLabels: (ctx, { params, query }) =>
    ctx.station.imports.labels(pathId(params, 'importId'), caller(ctx), query),
  printLabels: (ctx, { body, query }) => ctx.station.imports.labelBatch(body.shipmentIds, caller(ctx), query),
  unlockUser: (ctx, { params }) => ctx.station.auth.unlockUser(pathId(params, 'userId')),
  listPrinters: (ctx) => ctx.station.printing.desk.overview(),
  addNetworkPrinter: (ctx, { body }) => ctx.station.printing.desk.addNetworkPrinter(body.address, body.name),
  removeNetworkPrinter: (ctx, { params }) => ctx.station.printing.desk.removeNetworkPrinter(params.printerId),
  chooseLabelPrinter: (ctx, { body }) => ctx.station.printing.desk.chooseLabelPrinter(body),
  printShipment: (ctx, { params, query }) =>
    ctx.station.printing.printShipment(params.uniqueId, caller(ctx), query.printerId),
  printTestPage: (ctx, { query }) => ctx.station.printing.printTestPage(query.printerId),
  choosePackingSlip: (ctx, { body }) => ctx.station.printing.desk.choosePackingSlip(body),
  printPackingSlip: (ctx, { params }) => ctx.station.printing.printPackingSlip(params.orderId),
  listAddresses: (ctx, { query }) => ctx.station.addressBook.list(query),
  createAddress: (ctx, { body }) => ctx.station.addressBook.create(body),
  updateAddress: (ctx, { params, body }) => ctx.station.addressBook.update(pathId(params, 'addressId'), body),
  deleteAddress: (ctx, { params }) => ctx.station.addressBook.remove(pathId(params, 'addressId')),
  listPackagePresets: (ctx) => ctx.station.presets.list(),
  createPackagePreset: (ctx, { body }) => ctx.station.presets.create(body),
  updatePackagePreset: (ctx, { params, body }) => ctx.station.presets.update(pathId(params, 'presetId'), body),
  deletePackagePreset: (ctx, { params }) => ctx.station.presets.remove(pathId(params, 'presetId')),
  getShipmentCustoms: (ctx, { params, query }) =>
    ctx.station.shipments.customs(params.uniqueId, { size: query.pageSize, format: query.format, dpi: query.dpi }),
  getImportProgress: (ctx, { params }) => ctx.station.imports.progress(params.idempotencyKey, caller(ctx)),
  printImportLabels: (ctx, { params, query }) =>
    ctx.station.printing.printImport(pathId(params, 'importId'), caller(ctx), query.printerId),
  printLabelBatch: (ctx, { body, query }) =>
    ctx.station.printing.printLabelBatch(body.shipmentIds, caller(ctx), query.printerId),
  printShipmentCustoms: (ctx, { params }) => ctx.station.printing.printCustomsForms(params.uniqueId),
  getCustomsBatch: (ctx, { body }) => ctx.station.imports.customsBatchPdf(body),
  printCustomsBatch: (ctx, { body }) => ctx.station.printing.printCustomsBatch(body),
  listAuditEvents: (ctx, { query }) => ctx.station.audit.list(query),
  listScalePorts: (ctx) => ctx.station.scale.desk.ports(),
  getScale: (ctx) => ctx.station.scale.desk.settings(),
  setScale: (ctx, { body }) => ctx.station.scale.desk.configure(body),
  getScaleReading: (ctx, { query }) => ctx.station.scale.reading(query.weightUnit),
  createOrders: (ctx, { body, headers }) =>
    ctx.station.orders.create(
      body,
      caller(ctx),
      (order) => schemaProblems(OrderInput, order, orderProblems),
      headers['idempotency-key'],
    ),
  listOrders: (ctx, { query }) => ctx.station.orders.list(query),
  getOrder: (ctx, { params }) => ctx.station.orders.view(params.orderId),
  updateOrder: (ctx, { params, body }) => ctx.station.orders.update(params.orderId, body),
  cancelOrder: (ctx, { params }) => ctx.station.orders.cancel(params.orderId),
  shipOrder: (ctx, { params, body, headers }) =>
    ctx.station.orders.ship(params.orderId, body, caller(ctx), headers['idempotency-key']),
  getPackingSlip: async (ctx, { params, query }) =>
    ctx.station.orders.packingSlip(params.orderId, query.pageSize ?? (await ctx.station.printing.packingSlipSize())),
  listRules: (ctx) => ctx.station.rules.list(),
  replaceRules: (ctx, { body }) => ctx.station.rules.replace(body),
  matchRule: (ctx, { query }) => ctx.station.orders.match(query.orderId),
  getWatchFolder: (ctx) => ctx.station.watchFolder.settings(),
  setWatchFolder: (ctx, { body }) =>
    ctx.station.watchFolder.configure(body, { userId: ctx.user!.id, username: ctx.user!.username }),
  listFolderActivity: (ctx) => ctx.station.watchFolder.activity(),
};
