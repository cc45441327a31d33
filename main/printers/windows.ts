/**
 * The system's printers on Windows, through the print spooler's PowerShell module. Written
 * for the desktop app; it cannot run where these tests run (Linux). The headless station
 * does not submit to Windows queues: label printers there are added by address, or the
 * desktop app prints through Electron.
 */
import { execFile } from 'node:child_process';

export function listWindowsPrinters(): Promise<string[]> {
  return new Promise((resolve, reject) => {
    execFile(
      'powershell.exe',
      [
        '-NoProfile',
        '-NonInteractive',
        '-Command',
        'Get-Printer | Select-Object -ExpandProperty Name | ConvertTo-Json -Compress',
      ],
      { timeout: 15_000, windowsHide: true },
      (error, stdout) => {
        if (error) return reject(new Error(`the print spooler could not be asked: ${error.message}`));
        const text = String(stdout).trim();
        if (!text) return resolve([]);
        const parsed = JSON.parse(text) as string | string[];
        resolve(Array.isArray(parsed) ? parsed : [parsed]);
      },
    );
  });
}
