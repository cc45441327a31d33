/**
 * The app's window and the guards around it. Every decision is window-policy.ts's; this
 * file only wires those pure rules to Electron's events.
 */
import { BrowserWindow, shell, type Session, type WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY, devContentSecurityPolicy } from '../http/content-security-policy';
import type { DesktopLog } from './log';
import {
  isAllowedNavigation,
  mainWindowWebPreferences,
  openExternalAllowed,
  permissionDecision,
} from './window-policy';

export type AppTarget = { kind: 'url'; url: string } | { kind: 'app'; root: string; url: string };

/**
 * Session-wide rules: no permission is ever granted, and every response carries the CSP
 * (app:// responses carry it themselves, app-protocol.ts, and the build has also put it
 * in index.html as a <meta>).
 */
export function hardenSession(session: Session, target: AppTarget): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(permissionDecision(permission)));
  session.setPermissionCheckHandler((_contents, permission) => permissionDecision(permission));
  const csp = target.kind === 'url' ? devContentSecurityPolicy(target.url) : CONTENT_SECURITY_POLICY;
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = Object.fromEntries(
      Object.entries(details.responseHeaders ?? {}).filter(
        ([name]) => name.toLowerCase() !== 'content-security-policy',
      ),
    );
    callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [csp] } });
  });
}

/**
 * Keeps a webContents on the app: navigations elsewhere are cancelled, new windows are
 * refused (an allowed https link goes to the system browser instead), webviews are never
 * attached. `subFrames: false` leaves sub-frames alone: the print window's PDF viewer is
 * itself a chrome-extension: sub-frame and must be free to load.
 */
export function guardNavigation(
  contents: WebContents,
  appUrl: string,
  log: DesktopLog,
  options = { subFrames: true },
): void {
  const refuse = (event: { preventDefault(): void }, url: string, why: string) => {
    if (isAllowedNavigation(url, appUrl)) return;
    event.preventDefault();
    log.info(`refused ${why}`, { url });
  };
  contents.on('will-navigate', (event) => refuse(event, event.url, 'navigation'));
  contents.on('will-redirect', (event) => refuse(event, event.url, 'redirect'));
  if (options.subFrames) {
    contents.on('will-frame-navigate', (event) => {
      if (!event.isMainFrame) refuse(event, event.url, 'sub-frame navigation');
    });
  }
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (openExternalAllowed(url)) void shell.openExternal(url);
    else log.info('refused a new window', { url });
    return { action: 'deny' };
  });
}

export function createMainWindow(options: {
  target: AppTarget;
  preloadPath: string;
  isDev: boolean;
  log: DesktopLog;
}): BrowserWindow {
  const { target, log } = options;
  const window = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 960,
    minHeight: 640,
    show: false,
    title: 'Shipping Station',
    backgroundColor: '#ffffff',
    webPreferences: mainWindowWebPreferences(options.preloadPath, { devTools: options.isDev }),
  });
  guardNavigation(window.webContents, target.url, log);
  // Shown when painted, so the operator never sees a white flash or a half-built page.
  window.once('ready-to-show', () => window.show());
  window.webContents.on('render-process-gone', (_event, details) =>
    log.error('the window’s renderer stopped', { ...details }),
  );

  const load = window.loadURL(target.url);
  load.catch((error: unknown) =>
    log.error('the window could not load the app', { error: String(error), url: target.url }),
  );
  return window;
}
