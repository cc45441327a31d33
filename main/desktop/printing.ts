/**
 * Printing labels to the operator's printers. The label PDF goes into a hidden window whose
 * PDF viewer lays it out, and from there silently to the chosen printer at the label's
 * size. Printing here changes no status: the window fetched the label as a preview and
 * marks the shipment Printed only when this print's callback reported success (§15).
 */
import { BrowserWindow, type WebContents } from 'electron';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PrinterInfo } from '../ipc/bridge';
import type { DesktopLog } from './log';
import {
  checkPrinterExists,
  labelPrintOptions,
  printFailure,
  readPrintRequest,
  type PrintRequest,
} from './print-request';
import { guardNavigation } from './window';
import { printWindowWebPreferences } from './window-policy';

/**
 * How long to let the PDF viewer lay out the page when its readiness event does not come.
 * `-pdf-ready-to-print` is Electron's own (internal, undocumented) signal; printing before
 * the viewer has drawn gives a blank page.
 */
const PDF_SETTLE_MS = 1500;
/** A print callback that never comes (a stuck spooler) must not hold the queue for ever. */
const PRINT_TIMEOUT_MS = 60_000;

/**
 * The operating system's printers. Electron no longer says which one is the default
 * (PrinterInfo lost isDefault upstream), so isDefault is always false; the window should
 * remember the operator's choice instead.
 */
export async function listPrinters(contents: WebContents): Promise<PrinterInfo[]> {
  const printers = await contents.getPrintersAsync();
  return printers.map((p) => ({ name: p.name, displayName: p.displayName || p.name, isDefault: false }));
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function printPdfFile(file: string, request: PrintRequest, log: DesktopLog): Promise<{ printed: boolean }> {
  const window = new BrowserWindow({
    show: false,
    width: 600,
    height: 900,
    webPreferences: printWindowWebPreferences(),
  });
  try {
    const url = pathToFileURL(file).href;
    guardNavigation(window.webContents, url, log, { subFrames: false });
    const viewerReady = new Promise<void>((resolve) => {
      (window.webContents as unknown as NodeJS.EventEmitter).once('-pdf-ready-to-print', () => resolve());
    });
    await window.loadURL(url);
    await Promise.race([viewerReady, delay(PDF_SETTLE_MS)]);

    return await new Promise<{ printed: boolean }>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(printFailure(request.printer, 'the printer did not answer within a minute')),
        PRINT_TIMEOUT_MS,
      );
      window.webContents.print(labelPrintOptions(request.printer, request.size), (success, failureReason) => {
        clearTimeout(timer);
        if (success) resolve({ printed: true });
        else if (/cancel/i.test(failureReason)) resolve({ printed: false });
        else reject(printFailure(request.printer, failureReason));
      });
    });
  } finally {
    if (!window.isDestroyed()) window.destroy();
  }
}

/** One label at a time, in the order asked: a desk prints piece after piece. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Prints a label PDF silently. A bad request or an unknown printer throws a 400 problem,
 * a printer failure a 500 problem naming the reason.
 */
export function printLabel(contents: WebContents, raw: unknown, log: DesktopLog): Promise<{ printed: boolean }> {
  const job = async () => {
    const request = readPrintRequest(raw);
    checkPrinterExists(request.printer, await contents.getPrintersAsync());
    const dir = await mkdtemp(join(tmpdir(), 'shipping-station-print-'));
    try {
      const file = join(dir, 'label.pdf');
      await writeFile(file, request.pdf, { mode: 0o600 });
      const result = await printPdfFile(file, request, log);
      log.info('printed a label', { printer: request.printer, size: request.size, printed: result.printed });
      return result;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  const result = queue.then(job, job);
  queue = result.catch(() => undefined);
  return result;
}
