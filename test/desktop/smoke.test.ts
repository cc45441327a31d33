/**
 * The packaged desktop app, launched for real through Playwright's Electron support, on the
 * systems operators use: .github/workflows/desktop.yml builds it with `electron-builder --dir`
 * on windows-latest and macos-latest and runs this file with SHIPPING_STATION_SMOKE_APP set
 * to its executable. First start shows the administrator's password once; sign in; create a
 * shipment; its label preview renders; a silent print to the workflow's printer (a PDF
 * printer writing a file on Windows, a CUPS queue sending to a TCP port here on macOS) marks
 * it Printed; the loopback API answers; a second launch focuses the first window; quitting
 * leaves no process. Where Electron's binary is absent it is skipped, saying so.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const APP = process.env.SHIPPING_STATION_SMOKE_APP;
/** The system printer the workflow made for this test, and where its jobs land. */
const PRINTER = process.env.SHIPPING_STATION_SMOKE_PRINTER ?? '';
const PRINT_FILE = process.env.SHIPPING_STATION_SMOKE_PRINT_FILE;
const PRINT_PORT = Number(process.env.SHIPPING_STATION_SMOKE_PRINT_PORT ?? 0);
const API = 'http://127.0.0.1:7317';
/** The window must be on screen this soon after launch, whatever the database is doing. */
const FIRST_WINDOW_MS = 2000;

if (!APP) {
  console.log(
    'Desktop smoke test skipped: Electron is absent here (its binary cannot be downloaded); it runs in CI on Windows and macOS (.github/workflows/desktop.yml).',
  );
}

interface MainGlobals {
  __dialogs?: { message: string; detail: string }[];
  __secondInstances?: number;
}

const until = async <T>(what: string, probe: () => Promise<T> | T, ok: (v: T) => boolean, ms = 30_000) => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** Process ids whose executable is the app's, by the system's own process list. */
function appProcesses(executable: string): string[] {
  const name = executable.split(/[\\/]/).at(-1)!;
  if (process.platform === 'win32') {
    const out = execFileSync('tasklist', ['/FO', 'CSV', '/NH', '/FI', `IMAGENAME eq ${name}`], { encoding: 'utf8' });
    return out.split(/\r?\n/).filter((line) => line.startsWith(`"${name}"`));
  }
  const out = execFileSync('ps', ['-axo', 'pid=,command='], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes(executable.replace(/\/Contents\/MacOS\/.*$/, '')));
}

describe.skipIf(!APP)('the packaged desktop app', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ss-smoke-'));
  const received: Buffer[] = [];
  let listener: Server | undefined;
  let app: ElectronApplication;
  let page: Page;
  let firstWindowMs = 0;
  let password = '';
  let shipmentId = '';

  beforeAll(async () => {
    if (PRINT_PORT) {
      listener = createServer((socket) => socket.on('data', (chunk: Buffer) => received.push(chunk)));
      await new Promise<void>((resolve) => listener!.listen(PRINT_PORT, '127.0.0.1', resolve));
    }
    const started = Date.now();
    app = await electron.launch({
      executablePath: APP!,
      env: { ...process.env, SHIPPING_STATION_DATA_DIR: dataDir } as Record<string, string>,
      timeout: 60_000,
    });
    // The first administrator's password comes in a native dialog: answered here, and kept.
    await app.evaluate(({ dialog }) => {
      const g = globalThis as MainGlobals;
      g.__dialogs = [];
      dialog.showMessageBox = (async (...args: unknown[]) => {
        g.__dialogs!.push(args.at(-1) as { message: string; detail: string });
        return { response: 1, checkboxChecked: false };
      }) as typeof dialog.showMessageBox;
    });
    await app.firstWindow();
    firstWindowMs = Date.now() - started;
    page = await until(
      'the main window',
      async () => app.windows().find((w) => w.url().startsWith('app://station/')),
      (w) => w !== undefined,
      60_000,
    ).then((w) => w!);
  }, 120_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    listener?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`shows its first window within ${FIRST_WINDOW_MS} ms`, () => {
    console.log(`first window after ${firstWindowMs} ms`);
    expect(firstWindowMs).toBeLessThan(FIRST_WINDOW_MS);
  });

  it('shows the first administrator’s password once, and signs in with it', async () => {
    const dialogs = await until(
      'the first-start dialog',
      () => app.evaluate(() => (globalThis as MainGlobals).__dialogs ?? []),
      (d) => d.length > 0,
    );
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0]!.message).toBe('First start: an administrator was created');
    password = /Password: (\S+)/.exec(dialogs[0]!.detail)![1]!;
    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor({ timeout: 30_000 });
  });

  it('answers on the loopback API', async () => {
    const auth = await fetch(`${API}/auth?option=credentials`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ credentials: { username: 'admin', password } }),
    });
    expect(auth.status).toBe(200);
    const token = ((await auth.json()) as { token: { accessToken: string } }).token.accessToken;
    const settings = await fetch(`${API}/settings`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        senderAddress: {
          businessName: 'Acme Widgets Ltd',
          addressLine1: '1 Dock Road',
          city: 'London',
          countryTwoCharacterISOCode: 'GB',
          postZipCode: 'E1 1AA',
        },
      }),
    });
    expect(settings.status).toBe(200);
  });

  it('creates a shipment through the form, and its label preview renders', async () => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.locator('#desk-printer').selectOption(PRINTER);
    await page.getByRole('link', { name: 'Shipments' }).click();
    await page.getByRole('button', { name: 'New shipment' }).click();
    await page.getByLabel('Carrier', { exact: true }).selectOption({ label: 'Swift Parcels' });
    await page.locator('#field-carrierServiceId option', { hasText: 'Next Day (NDAY)' }).waitFor({ state: 'attached' });
    await page.getByLabel('Service', { exact: true }).selectOption({ label: 'Next Day (NDAY)' });
    const delivery = page.getByRole('group', { name: 'Delivery address' });
    await delivery.getByLabel('Full name').fill('Ann Other');
    await delivery.getByLabel('Address line 1').fill('10 Downing Street');
    await delivery.getByLabel('City').fill('London');
    await delivery.getByLabel('Post code').fill('SW1A 2AA');
    await page.getByLabel('Piece 1 weight', { exact: true }).fill('2.5');
    await page.getByLabel('Piece 1 length').fill('40');
    await page.getByLabel('Piece 1 width').fill('30');
    await page.getByLabel('Piece 1 height').fill('20');
    await page.keyboard.press(process.platform === 'darwin' ? 'Meta+Enter' : 'Control+Enter');
    const url = await until(
      'the new shipment’s page',
      () => page.url(),
      (u) => /#\/shipments\/[0-9a-f-]{36}$/.test(u),
    );
    shipmentId = url.split('/').at(-1)!;
    await page.locator('[data-testid="label-pages"] canvas[data-rendered="true"]').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('shipment-status').textContent()).toBe('Not Printed');
  });

  it('prints silently to the system printer, and the shipment becomes Printed', async () => {
    await page.getByRole('button', { name: 'Print label' }).click();
    await until(
      'Printed',
      async () => (await page.getByTestId('shipment-status').textContent())?.trim(),
      (s) => s === 'Printed',
      90_000,
    );
    if (PRINT_FILE) {
      await until(
        'the PDF printer’s file',
        () => (existsSync(PRINT_FILE) ? statSync(PRINT_FILE).size : 0),
        (size) => size > 0,
      );
      expect(readFileSync(PRINT_FILE).subarray(0, 4).toString('latin1')).toBe('%PDF');
    }
    if (PRINT_PORT) {
      await until(
        'the job at the print queue’s TCP port',
        () => received.length,
        (n) => n > 0,
      );
    }
  });

  it('a second launch leaves at once and brings the first window back', async () => {
    await app.evaluate(({ app: electronApp, BrowserWindow }) => {
      const g = globalThis as MainGlobals;
      g.__secondInstances = 0;
      electronApp.on('second-instance', () => (g.__secondInstances! += 1));
      BrowserWindow.getAllWindows().forEach((w) => w.minimize());
    });
    const second = spawn(APP!, [], { env: { ...process.env, SHIPPING_STATION_DATA_DIR: dataDir }, stdio: 'ignore' });
    const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
    expect(code).toBe(0);
    await until(
      'the first window restored',
      () =>
        app.evaluate(({ BrowserWindow }) => ({
          seen: (globalThis as MainGlobals).__secondInstances,
          minimized: BrowserWindow.getAllWindows().some(
            (w) => w.webContents.getURL().startsWith('app://station/') && w.isMinimized(),
          ),
        })),
      (s) => s.seen === 1 && !s.minimized,
    );
  });

  it('quits leaving no process and the port free', async () => {
    const pid = app.process().pid!;
    await app.close();
    await until(
      'every process of the app gone',
      () => appProcesses(APP!),
      (left) => left.length === 0,
    );
    expect(() => process.kill(pid, 0)).toThrow();
    await expect(fetch(`${API}/openapi.json`)).rejects.toThrow();
    expect(shipmentId).not.toBe('');
  });
});
