/**
 * The real station for end-to-end tests: what `npm run serve` runs (out/main/serve.js) as a
 * child process on a free port and a fresh data directory, serving the built renderer; and a
 * headless Chromium to drive it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { startTestPrinter, type TestPrinter } from '../helpers/cups';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCREENSHOTS = join(REPO, 'test-results', 'screenshots');
const RENDERER_INDEX = join(REPO, 'out', 'renderer', 'index.html');
const SERVE = join(REPO, 'out', 'main', 'serve.js');

export interface RunningStation {
  url: string;
  /** The station's data folder: a test may take its database away from under it. */
  dataDir: string;
  adminPassword: string;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startStation(): Promise<RunningStation> {
  for (const built of [RENDERER_INDEX, SERVE]) {
    if (!existsSync(built)) {
      throw new Error(`${built} is missing: build before the end-to-end tests (test/global-setup.ts does).`);
    }
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'ss-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [SERVE, '--port', '0', '--data-dir', dataDir], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'test' },
  });
  // Whatever happens to the test run, the station does not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let output = '';
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => (output += chunk));

  const ready = new Promise<{ url: string; adminPassword: string }>((resolveReady, reject) => {
    let password: string | undefined;
    const timer = setTimeout(() => reject(new Error(`The station did not start within 45 s:\n${output}`)), 45_000);
    child.stdout!.on('data', (chunk: string) => {
      output += chunk;
      password ??= /created user "admin" with password (\S+)/.exec(output)?.[1];
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        if (!password) reject(new Error(`The station printed no admin password:\n${output}`));
        else resolveReady({ url, adminPassword: password });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The station exited (${code}) before listening:\n${output}`));
    });
  });

  try {
    const { url, adminPassword } = await ready;
    return {
      url,
      dataDir,
      adminPassword,
      output: () => output,
      stop: async () => {
        process.removeListener('exit', killOnExit);
        if (child.exitCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
          if (child.exitCode === null) child.kill('SIGKILL');
        }
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    process.removeListener('exit', killOnExit);
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * What a screen test runs against, started at once: the station, a browser, and `printers`
 * TCP listeners standing in for network printers. `stop` ends them all.
 */
export interface Desk {
  station: RunningStation;
  browser: Browser;
  printers: TestPrinter[];
  stop(): Promise<void>;
}

export async function startDesk({ printers = 0 }: { printers?: number } = {}): Promise<Desk> {
  const [started, launched, ...listening] = await Promise.allSettled([
    startStation(),
    launchBrowser(),
    ...Array.from({ length: printers }, () => startTestPrinter()),
  ]);
  const listeners = listening.flatMap((l) => (l.status === 'fulfilled' ? [l.value] : []));
  if (started.status === 'rejected' || launched.status === 'rejected' || listeners.length < printers) {
    // What did start is stopped before the failure is reported.
    if (launched.status === 'fulfilled') await launched.value.close();
    if (started.status === 'fulfilled') await started.value.stop();
    await Promise.all(listeners.map((listener) => listener.close()));
    throw [started, launched, ...listening].find((r) => r.status === 'rejected')!.reason;
  }
  const station = started.value;
  const browser = launched.value;
  return {
    station,
    browser,
    printers: listeners,
    stop: async () => {
      await browser.close();
      await station.stop();
      await Promise.all(listeners.map((listener) => listener.close()));
    },
  };
}

/**
 * The usual start of a screen test file, at its top level: a desk (startDesk) and a page on its
 * browser (deskPage) whose errors gather in `pageErrors`; the desk stops after the file's tests.
 */
export async function deskForFile({
  printers = 0,
  timeout,
  viewport,
}: { printers?: number; timeout?: number; viewport?: { width: number; height: number } } = {}): Promise<
  Desk & { page: Page; pageErrors: string[] }
> {
  const desk = await startDesk({ printers });
  afterAll(() => desk.stop());
  const pageErrors: string[] = [];
  const page = await deskPage(desk.browser, pageErrors, timeout);
  if (viewport) await page.setViewportSize(viewport);
  return { ...desk, page, pageErrors };
}

export async function launchBrowser(): Promise<Browser> {
  await mkdir(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

/**
 * A desk's page in `browser`: a 1440×900 window in British English, print() counted in
 * every frame instead of opening a dialog (headless Chromium would sit in it), and each
 * page error pushed to `pageErrors` for the test to assert none.
 */
export async function deskPage(browser: Browser, pageErrors: string[], timeout = 10_000): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  await context.addInitScript(() => {
    const counted = window as Window & { __printCalls?: number };
    counted.print = () => {
      counted.__printCalls = (counted.__printCalls ?? 0) + 1;
    };
  });
  const page = await context.newPage();
  page.setDefaultTimeout(timeout);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return page;
}

/** Fills the sign-in form on `page` and sends it. */
export async function submitSignIn(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.getByLabel('User name').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Opens the station at `path` (its list unless said), signs in as `user` (the administrator
 * unless said) and waits for the screen the desk lands on.
 */
export async function signIn(
  page: Page,
  station: Pick<RunningStation, 'url' | 'adminPassword'>,
  { user = { username: 'admin', password: station.adminPassword }, path = '/', landsOn = 'Shipments' } = {},
): Promise<void> {
  await page.goto(`${station.url}${path}`);
  await submitSignIn(page, user);
  await page.getByRole('heading', { name: landsOn, level: 1 }).waitFor();
}

/**
 * How many times print() ran on `page` plus in its label print frame (the first that
 * `frame` selects); deskPage counts the calls instead of opening a dialog.
 */
export const printCalls = (page: Page, frame = 'iframe[data-label-print]'): Promise<number> =>
  page.evaluate((selector) => {
    type Counted = Window & { __printCalls?: number };
    let inFrame = 0;
    try {
      inFrame =
        (document.querySelector<HTMLIFrameElement>(selector)?.contentWindow as Counted | null)?.__printCalls ?? 0;
    } catch {
      inFrame = 0;
    }
    return ((window as Counted).__printCalls ?? 0) + inFrame;
  }, frame);

/**
 * From `page`'s next load on, counts every print() of the page and of its frames on the top
 * window: a second print replaces the first one's hidden frame, and its own count with it.
 */
export const countAllPrints = async (page: Page): Promise<void> => {
  await page.context().addInitScript(() => {
    type Counted = Window & { __allPrints?: number };
    window.print = () => {
      const top = window.top as Counted;
      top.__allPrints = (top.__allPrints ?? 0) + 1;
    };
  });
};

/** How many print() calls countAllPrints has counted on `page` since it loaded. */
export const allPrints = (page: Page): Promise<number> =>
  page.evaluate(() => (window as Window & { __allPrints?: number }).__allPrints ?? 0);
