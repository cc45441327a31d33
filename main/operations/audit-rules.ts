/**
 * What the audit trail records of each operation (docs/contract.md §22), in one place: invoke()
 * asks this table after a call succeeds, so no handler writes to the trail itself. An
 * operation that is not here is not recorded (a shipment's create is not: it is its own
 * record). A new kind is one row: `someOperation: change('thing.kind', subject, …)`.
 * Details name what changed, before → after; they never hold a password, key or secret.
 */
import type { AuditEntry } from '../core/audit';
import type { CallContext } from './handlers';
import type { InputOf, OperationName, OutputOf } from './spec';

export interface AuditRule<N extends OperationName> {
  /** Read before the call runs: what a change changes from. */
  before?: (ctx: CallContext, input: InputOf<N>) => Promise<unknown>;
  entries(ctx: CallContext, input: InputOf<N>, output: OutputOf<N>, before: unknown): Promise<AuditEntry[]>;
}

type AuditRules = { [N in OperationName]?: AuditRule<N> };

const entry = (kind: string, subject: string, detail: Record<string, unknown> = {}): AuditEntry[] => [
  { kind, subject, detail },
];

/** A shipment as the trail names it (its number), with the status it had: one row read, no label drawn. */
const shipmentBefore = (ctx: CallContext, uniqueId: string) => ctx.station.shipments.identify(uniqueId);

/** One entry per shipment whose labels went to a printer: its first print, or a reprint. */
async function prints(ctx: CallContext, shipmentNumbers: string[], detail: Record<string, unknown>) {
  const counts = await Promise.all(shipmentNumbers.map((n) => ctx.station.audit.printsOf(n)));
  return shipmentNumbers.map((number, i) => ({
    kind: counts[i]!.printCount > 0 ? 'label.reprint' : 'label.print',
    subject: number,
    detail,
  }));
}

const printedNumbers = (results: { shipmentNumber?: string | undefined; ok: boolean }[]) =>
  results.flatMap((r) => (r.ok && r.shipmentNumber ? [r.shipmentNumber] : []));

const importedNumbers = async (ctx: CallContext, importId: string) =>
  (await ctx.station.imports.view(Number(importId))).rows.flatMap((r) =>
    r.status === 'created' && r.shipmentNumber ? [r.shipmentNumber] : [],
  );

const userFacts = (u: { username: string; role: string; disabled: boolean }) => ({
  role: u.role,
  disabled: u.disabled,
});

export const auditRules: AuditRules = {
  // Sign-ins: invoke() records the refused ones itself (the call threw); these are accepted.
  signIn: {
    entries: async (ctx, { query }) =>
      entry('sign-in', ctx.user!.apiKey ?? ctx.user!.username, { method: query.option ?? null }),
  },
  createUser: {
    entries: async (_ctx, _input, user) => entry('user.create', user.username, { after: userFacts(user) }),
  },
  updateUser: {
    before: (ctx, { params }) => ctx.station.auth.user(Number(params.userId)),
    entries: async (_ctx, { body }, user, before) =>
      entry('user.update', user.username, {
        before: userFacts(before as typeof user),
        after: userFacts(user),
        ...(body.password !== undefined ? { passwordChanged: true } : {}),
      }),
  },
  unlockUser: { entries: async (_ctx, _input, user) => entry('user.unlock', user.username) },
  changeOwnPassword: { entries: async (ctx) => entry('user.password', ctx.user!.username, { passwordChanged: true }) },
  createApiKey: {
    entries: async (_ctx, _input, { apiKey }) =>
      entry('api-key.create', apiKey.name, { owner: apiKey.username, prefix: apiKey.prefix }),
  },
  revokeApiKey: {
    before: async (ctx, { params }) =>
      (await ctx.station.auth.listApiKeys()).items.find((k) => k.id === Number(params.apiKeyId)),
    entries: async (_ctx, { params }, _output, before) => {
      const key = before as { name: string; username: string; prefix: string } | undefined;
      return entry('api-key.revoke', key?.name ?? `key ${params.apiKeyId}`, key ? { owner: key.username } : {});
    },
  },
  updateSettings: {
    before: (ctx) => ctx.station.settings.get(),
    entries: async (_ctx, { body }, after, before) => {
      const was = before as typeof after;
      const changed = Object.keys(body) as (keyof typeof after)[];
      return entry('settings.update', changed.join(', '), {
        before: Object.fromEntries(changed.map((k) => [k, was[k]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      });
    },
  },
  addNetworkPrinter: {
    entries: async (_ctx, { body }) => entry('printer.add', body.address, { name: body.name ?? null }),
  },
  removeNetworkPrinter: { entries: async (_ctx, { params }) => entry('printer.remove', params.printerId) },
  chooseLabelPrinter: {
    before: async (ctx) => (await ctx.station.printing.desk.overview()).labelPrinter,
    entries: async (_ctx, _input, after, before) =>
      entry('printer.choose', after.labelPrinter.printerId ?? '(none)', { before, after: after.labelPrinter }),
  },
  choosePackingSlip: {
    before: async (ctx) => (await ctx.station.printing.desk.overview()).packingSlip,
    entries: async (_ctx, _input, after, before) =>
      entry('printer.packing-slip', after.packingSlip.size, { before, after: after.packingSlip }),
  },
  setWatchFolder: {
    before: (ctx) => ctx.station.watchFolder.settings(),
    entries: async (_ctx, _input, after, before) =>
      entry('watch-folder.update', after.path ?? '(none)', { before, after }),
  },
  replaceRules: {
    before: (ctx) => ctx.station.rules.list(),
    entries: async (_ctx, _input, after, before) => {
      // Each rule by its place and name (the first that matches wins), as it says, not
      // whether it is broken now: `problem` changes without an edit.
      const said = ({ rules }: typeof after) =>
        Object.fromEntries(rules.map(({ name, problem: _problem, ...rule }, i) => [`${i + 1}. ${name}`, rule]));
      return entry('rules.replace', after.rules.map((r) => r.name).join(', ') || '(none)', {
        before: said(before as typeof after),
        after: said(after),
      });
    },
  },
  createWebhook: {
    entries: async (_ctx, _input, { webhook }) =>
      entry('webhook.create', webhook.url, { events: webhook.events, allowRemoteHost: webhook.allowRemoteHost }),
  },
  deleteWebhook: {
    before: async (ctx, { params }) =>
      (await ctx.station.webhooks.list()).items.find((w) => w.id === Number(params.webhookId)),
    entries: async (_ctx, { params }, _output, before) =>
      entry('webhook.delete', (before as { url: string } | undefined)?.url ?? `webhook ${params.webhookId}`),
  },
  cancelShipment: {
    before: (ctx, { params }) => shipmentBefore(ctx, params.uniqueId),
    entries: async (_ctx, _input, _output, before) => {
      const was = before as Awaited<ReturnType<typeof shipmentBefore>>;
      return was.status === 'Cancelled' ? [] : entry('shipment.cancel', was.shipmentNumber, { before: was.status });
    },
  },
  createManifest: {
    entries: async (_ctx, _input, m) =>
      entry('manifest.create', m.manifestNumber, { carrier: m.carrier, shipments: m.shipmentCount }),
  },
  createImport: {
    entries: async (_ctx, _input, result) =>
      result.dryRun
        ? []
        : entry('import', `import ${result.importId}`, {
            rows: result.totalRows,
            created: result.created,
            invalid: result.invalid,
            skipped: result.skipped,
          }),
  },
  // Labels: a fetch that marks the shipment printed is a print (a preview, markPrinted=false, is not).
  getShipmentLabel: {
    before: (ctx, { params }) => shipmentBefore(ctx, params.uniqueId),
    entries: async (ctx, { query }, _output, before) =>
      query.markPrinted === false
        ? []
        : prints(ctx, [(before as { shipmentNumber: string }).shipmentNumber], { format: query.format ?? 'pdf' }),
  },
  printShipment: {
    before: (ctx, { params }) => shipmentBefore(ctx, params.uniqueId),
    entries: async (ctx, _input, out, before) =>
      prints(ctx, [(before as { shipmentNumber: string }).shipmentNumber], { printer: out.printer }),
  },
  printLabels: {
    entries: async (ctx, { query }, out) =>
      query.markPrinted === false ? [] : prints(ctx, printedNumbers(out.results), { batch: true }),
  },
  printLabelBatch: {
    entries: async (ctx, _input, out) =>
      prints(ctx, printedNumbers(out.results), { printer: out.printer, batch: true }),
  },
  printImportLabels: {
    entries: async (ctx, { params }, out) =>
      prints(ctx, printedNumbers(out.results), { printer: out.printer, import: Number(params.importId) }),
  },
  getImportLabels: {
    entries: async (ctx, { params, query }) =>
      query.markPrinted === false
        ? []
        : prints(ctx, await importedNumbers(ctx, params.importId), { import: Number(params.importId) }),
  },
};

/** Who a refused sign-in tried to be: the user name, or the key's public prefix; never the secret. */
export function refusedSignIn(input: { query?: { option?: string }; body?: unknown }): AuditEntry[] {
  const body = (input.body ?? {}) as {
    credentials?: { username?: unknown };
    apiKey?: { apiKey?: unknown };
  };
  const option = input.query?.option;
  const subject =
    option === 'credentials' && typeof body.credentials?.username === 'string'
      ? body.credentials.username.slice(0, 64)
      : option === 'apikey' && typeof body.apiKey?.apiKey === 'string'
        ? `key ${body.apiKey.apiKey.slice(0, 8)}…`
        : option === 'refresh'
          ? 'a refresh token'
          : '';
  return entry('sign-in.refused', subject, { method: option ?? null });
}
