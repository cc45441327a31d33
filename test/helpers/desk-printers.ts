/** Setting up a desk's printers in a test, the same way over HTTP inject and over a real port. */
import { startTestPrinter } from './cups';

/** The printer id of a network printer (a TCP listener) on this machine. */
export const networkPrinterId = (port: number) => `network:127.0.0.1:${port}`;

/**
 * The body of PUT /printers/label-printer: `printerId` as a ZPL label printer at 203 dpi on
 * 4×6 rolls, and the desk's A4 printer when given (left out, the current one stays).
 */
export const zplLabelPrinter = (printerId: string | null, documentPrinterId?: string | null) => ({
  printerId,
  format: 'zpl' as const,
  dpi: 203,
  pageSize: '4x6' as const,
  ...(documentPrinterId === undefined ? {} : { documentPrinterId }),
});

/** The address of a printer that is switched off: a listener already closed, so every job there is refused. */
export async function switchedOffPrinterAddress(): Promise<string> {
  const off = await startTestPrinter();
  await off.close();
  return `127.0.0.1:${off.port}`;
}
