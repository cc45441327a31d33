/**
 * The desktop's security policy as pure functions: what the window may load, navigate to,
 * open outside, ask permission for, and which frame may talk to the main process.
 *
 * No Electron import, so that every rule has a unit test in Node (window-policy.test.ts).
 * URLs are parsed with `new URL` and compared part by part, never by substring:
 * `http://127.0.0.1.evil.com` or `file:///…/index.html.evil` must not pass.
 */

/** The webPreferences of the app's window (structurally an Electron WebPreferences). */
export interface HardenedWebPreferences {
  preload?: string;
  sandbox: true;
  contextIsolation: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  webviewTag: false;
  plugins: boolean;
  experimentalFeatures: false;
  navigateOnDragDrop: false;
  spellcheck: false;
  safeDialogs: true;
  devTools: boolean;
}

const HARDENED = {
  sandbox: true,
  contextIsolation: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  // A file dropped on the window would otherwise replace the app with that file.
  navigateOnDragDrop: false,
  // Spellcheck would send typed addresses to a dictionary service on some platforms.
  spellcheck: false,
  safeDialogs: true,
} as const;

/** The app window: the preload is its only bridge; no plugins (labels are drawn by pdf.js). */
export function mainWindowWebPreferences(preloadPath: string, options: { devTools: boolean }): HardenedWebPreferences {
  return { ...HARDENED, preload: preloadPath, plugins: false, devTools: options.devTools };
}

/**
 * The hidden window that prints a label. Chromium's PDF viewer is a plugin, so this window,
 * and only this one, enables plugins. It gets no preload: it can never reach IPC.
 */
export function printWindowWebPreferences(): HardenedWebPreferences {
  return { ...HARDENED, plugins: true, devTools: false };
}

/** The start window (start-progress.ts): a page of text, so no script, no preload, no plugins. */
export function startWindowWebPreferences(): HardenedWebPreferences & { javascript: false } {
  return { ...HARDENED, plugins: false, devTools: false, javascript: false };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * A file URL's path as the file system sees it: `%20` and a space are the same file, and
 * so are `c:` and `C:` (Chromium and Node's pathToFileURL may spell the drive differently).
 */
function filePath(url: URL): string | null {
  try {
    return decodeURIComponent(url.pathname).replace(
      /^\/([a-z]):\//,
      (_m, drive: string) => `/${drive.toUpperCase()}:/`,
    );
  } catch {
    return null;
  }
}

/**
 * The app's own address: the built index.html as a file: URL, or, in development, Vite's
 * dev server on loopback. Anything else is refused outright, so that a stray environment
 * variable cannot make a remote page the trusted app.
 */
export function parseAppUrl(appUrl: string): URL {
  const url = parse(appUrl);
  const ok =
    url !== null &&
    url.username === '' &&
    url.password === '' &&
    ((url.protocol === 'app:' && url.host === 'station' && url.pathname === '/index.html') ||
      (url.protocol === 'file:' && url.host === '') ||
      ((url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname)));
  if (!ok)
    throw new Error(
      `The app URL must be app://station/index.html, a file: URL or a loopback dev server, not ${appUrl}`,
    );
  return url!;
}

/**
 * Whether `url` is the app's own document: for file:, exactly the same file (any #route,
 * no query); for the dev server, the same origin. Credentials in the URL never pass.
 */
function isAppDocument(url: string, appUrl: string): boolean {
  const app = parseAppUrl(appUrl);
  const candidate = parse(url);
  if (!candidate || candidate.username !== '' || candidate.password !== '') return false;
  if (app.protocol === 'app:') {
    // The one page of the app's own scheme (any #route, no query); the scheme's other
    // addresses are its scripts and styles, never a document to navigate to.
    return (
      candidate.protocol === 'app:' &&
      candidate.host === app.host &&
      candidate.pathname === app.pathname &&
      candidate.search === ''
    );
  }
  if (app.protocol === 'file:') {
    const path = filePath(candidate);
    return (
      candidate.protocol === 'file:' &&
      candidate.host === '' &&
      candidate.search === '' &&
      path !== null &&
      path === filePath(app)
    );
  }
  return candidate.protocol === app.protocol && candidate.host === app.host;
}

/** A top-level or frame navigation is allowed only within the app itself (hash routes). */
export function isAllowedNavigation(url: string, appUrl: string): boolean {
  return isAppDocument(url, appUrl);
}

/**
 * IPC is answered only for the app's main frame showing the app: never a sub-frame (even a
 * same-origin one), and never a frame that has navigated elsewhere.
 */
export function isTrustedSender(frameUrl: string, appUrl: string, isMainFrame: boolean): boolean {
  return isMainFrame && isAppDocument(frameUrl, appUrl);
}

/** The window asks for no permission (camera, notifications, geolocation, …): all refused. */
export function permissionDecision(_permission: string): false {
  return false;
}

/**
 * Origins whose https pages may be opened in the system browser. The app links to nothing
 * outside itself today, so none: a carrier's tracking site would be added here by exact
 * origin, e.g. 'https://www.example-carrier.com'.
 */
export const EXTERNAL_ORIGINS: ReadonlySet<string> = new Set<string>();

/** Whether a link may be handed to the operating system: https, no credentials, listed origin. */
export function openExternalAllowed(url: string, allowed: ReadonlySet<string> = EXTERNAL_ORIGINS): boolean {
  const candidate = parse(url);
  return (
    candidate !== null &&
    candidate.protocol === 'https:' &&
    candidate.username === '' &&
    candidate.password === '' &&
    allowed.has(candidate.origin)
  );
}
