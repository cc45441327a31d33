/**
 * This desk's printers (docs/contract.md §15): the system's queues, network printers added by
 * address, the label printer with its format, dpi and page size (or office sheets of labels),
 * and the last job. Kept in
 * `printers.json` in the desk's data folder, not in the database: desks sharing one
 * PostgreSQL database each keep their own printers.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { printerUnavailable, validationError } from '../core/errors';
import { SHEET_LABEL_SIZE, SHEET_PAPER } from '../core/label-data';
import {
  DEFAULT_PACKING_SLIP,
  type DeskPrinters,
  type LabelPrinterChoice,
  type PackingSlipChoice,
  type Printer,
  type PrinterOverview,
  type PrintJobRecord,
  type PrintTarget,
} from '../core/printing';
import { listCupsQueues, submitCupsJob } from './cups';
import { formatAddress, parseAddress, sendRaw } from './network';
import { listWindowsPrinters } from './windows';

export const PRINTERS_FILE = 'printers.json';

interface DeskFile {
  network: { name: string; address: string }[];
  labelPrinter: LabelPrinterChoice;
  packingSlip: PackingSlipChoice;
  lastJob: PrintJobRecord | null;
}

const EMPTY: DeskFile = {
  network: [],
  labelPrinter: { printerId: null, format: 'pdf', dpi: 203, pageSize: '4x6', documentPrinterId: null },
  packingSlip: DEFAULT_PACKING_SLIP,
  lastJob: null,
};

export interface DeskPrinterOptions {
  dataDir: string;
  /** For `lp`/`lpstat`: CUPS_SERVER here points them at another scheduler. */
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
}

const networkId = (address: string) => `network:${address}`;
const systemId = (queue: string) => `system:${queue}`;

export function createDeskPrinters(options: DeskPrinterOptions): DeskPrinters {
  const file = join(options.dataDir, PRINTERS_FILE);
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  // One change at a time, so that two quick edits never lose one another.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => {});
    return next;
  };

  async function load(): Promise<DeskFile> {
    try {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<DeskFile>;
      return {
        ...EMPTY,
        ...parsed,
        labelPrinter: { ...EMPTY.labelPrinter, ...parsed.labelPrinter },
        packingSlip: { ...EMPTY.packingSlip, ...parsed.packingSlip },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return structuredClone(EMPTY);
      throw error;
    }
  }

  async function save(desk: DeskFile): Promise<void> {
    // The data folder and what is in it are the station's user's alone, whichever the store.
    await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
    const temp = `${file}.${randomUUID()}.tmp`;
    await writeFile(temp, JSON.stringify(desk, null, 2), { mode: 0o600 });
    await rename(temp, file); // whole or not at all
  }

  async function systemQueues(): Promise<{ names: string[]; error: string | null }> {
    try {
      const names = platform === 'win32' ? await listWindowsPrinters() : await listCupsQueues(env);
      return { names, error: null };
    } catch (error) {
      return { names: [], error: (error as Error).message };
    }
  }

  async function overviewOf(desk: DeskFile): Promise<PrinterOverview> {
    const system = await systemQueues();
    const items: Printer[] = [
      ...system.names.map((name): Printer => ({ id: systemId(name), name, kind: 'system' })),
      ...desk.network.map((p): Printer => ({
        id: networkId(p.address),
        name: p.name,
        kind: 'network',
        address: p.address,
      })),
    ];
    return {
      items,
      labelPrinter: desk.labelPrinter,
      packingSlip: desk.packingSlip,
      lastJob: desk.lastJob,
      systemError: system.error,
    };
  }

  /** The printer an id names, without asking the system (a queue's existence is lp's to say). */
  function printerFor(desk: DeskFile, id: string): Printer | null {
    if (id.startsWith('system:') && id.length > 'system:'.length)
      return { id, name: id.slice('system:'.length), kind: 'system' };
    const net = desk.network.find((p) => networkId(p.address) === id);
    return net ? { id, name: net.name, kind: 'network', address: net.address } : null;
  }

  return {
    overview: async () => overviewOf(await load()),

    addNetworkPrinter: (addressText, name) =>
      serial(async () => {
        const parsed = parseAddress(addressText);
        const trimmed = (name ?? '').trim();
        const problems: Record<string, string> = {};
        if (typeof parsed === 'string') problems.address = parsed;
        if (trimmed.length > 80) problems.name = 'must be at most 80 characters';
        if (Object.keys(problems).length) throw validationError(problems);
        const address = formatAddress(parsed as Exclude<typeof parsed, string>);
        const desk = await load();
        if (!desk.network.some((p) => p.address === address)) {
          desk.network.push({ address, name: trimmed || `Label printer at ${address}` });
          await save(desk);
        }
        return overviewOf(desk);
      }),

    removeNetworkPrinter: (printerId) =>
      serial(async () => {
        const desk = await load();
        const kept = desk.network.filter((p) => networkId(p.address) !== printerId);
        if (kept.length === desk.network.length)
          throw validationError({ printerId: `${printerId} is not a network printer of this desk` });
        desk.network = kept;
        if (desk.labelPrinter.printerId === printerId) desk.labelPrinter = { ...desk.labelPrinter, printerId: null };
        if (desk.labelPrinter.documentPrinterId === printerId)
          desk.labelPrinter = { ...desk.labelPrinter, documentPrinterId: null };
        await save(desk);
        return overviewOf(desk);
      }),

    chooseLabelPrinter: (choice) =>
      serial(async () => {
        const desk = await load();
        const documentPrinterId =
          choice.documentPrinterId === undefined ? desk.labelPrinter.documentPrinterId : choice.documentPrinterId;
        // Both choices checked before either is kept, and both named at once.
        const queues = await systemQueues();
        const problems: Record<string, string> = {};
        for (const [field, id] of [
          ['printerId', choice.printerId],
          ['documentPrinterId', documentPrinterId],
        ] as const) {
          if (id === null || id === undefined) continue;
          const known = printerFor(desk, id);
          const listed = known?.kind === 'network' || queues.names.some((n) => systemId(n) === id);
          if (!known || !listed) problems[field] = `${id} is not a printer of this desk`;
        }
        const sheet = choice.sheet ?? null;
        if (sheet && choice.format !== 'pdf')
          problems.sheet = 'Labels on office paper are printed as PDF: choose the PDF format, or a roll of labels';
        if (Object.keys(problems).length) throw validationError(problems);
        desk.labelPrinter = {
          printerId: choice.printerId,
          format: choice.format,
          dpi: choice.dpi,
          // A sheet holds labels of one size.
          pageSize: sheet ? SHEET_LABEL_SIZE[sheet] : choice.pageSize,
          ...(sheet ? { sheet } : {}),
          documentPrinterId: documentPrinterId ?? null,
        };
        await save(desk);
        return overviewOf(desk);
      }),

    choosePackingSlip: (choice) =>
      serial(async () => {
        const desk = await load();
        desk.packingSlip = { size: choice.size, printWithLabel: choice.printWithLabel };
        await save(desk);
        return overviewOf(desk);
      }),

    packingSlip: async () => (await load()).packingSlip,

    async target(printerId) {
      const desk = await load();
      const id = printerId ?? desk.labelPrinter.printerId;
      if (!id)
        throw printerUnavailable('label printer', 'no label printer is chosen for this desk (Settings → Printers)');
      const printer = printerFor(desk, id);
      if (!printer) throw printerUnavailable(id, 'this desk has no such printer');
      const { format, dpi, pageSize } = desk.labelPrinter;
      return { printer, format, dpi, pageSize, sheet: desk.labelPrinter.sheet ?? null };
    },

    async documentTarget() {
      const desk = await load();
      const id = desk.labelPrinter.documentPrinterId;
      if (!id) return null;
      const printer = printerFor(desk, id);
      if (!printer) throw printerUnavailable(id, 'this desk has no such A4 printer');
      // An office printer takes the PDF as it is, at A4: over the network raw on its port, or through its queue.
      return { printer, format: 'pdf', dpi: 203, pageSize: 'A4' };
    },

    async send(target: PrintTarget, document: Buffer, title: string) {
      const { printer } = target;
      try {
        if (printer.kind === 'network') {
          const address = parseAddress(printer.address ?? '');
          if (typeof address === 'string') throw new Error(address);
          await sendRaw(address, document);
        } else if (platform === 'win32') {
          throw new Error(
            'the headless station cannot submit to a Windows queue; add the printer by address, or print from the desktop app',
          );
        } else {
          await submitCupsJob(
            printer.name,
            document,
            {
              raw: target.format === 'zpl',
              // Labels on office paper come out on the office printer's own paper.
              pageSize: target.sheet ? SHEET_PAPER[target.sheet] : target.pageSize,
              title,
            },
            env,
          );
        }
      } catch (error) {
        throw printerUnavailable(printer.name, (error as Error).message);
      }
    },

    recordJob: (job) =>
      serial(async () => {
        const desk = await load();
        desk.lastJob = job;
        await save(desk);
      }),
  };
}
