/**
 * The start window: on screen as soon as Electron is ready, before the database opens, so
 * the operator sees at once that the app is starting and, during an upgrade, how far it
 * is. It shows start-progress.ts's page (no script runs in it) and closes once the app's
 * window has painted.
 */
import { BrowserWindow } from 'electron';
import type { DesktopLog } from './log';
import { PRODUCT_NAME } from './paths';
import { startPage, type StartView } from './start-progress';
import { startWindowWebPreferences } from './window-policy';

export interface StartWindow {
  show(view: StartView): void;
  close(): void;
}

export function openStartWindow(first: StartView, log: DesktopLog): StartWindow {
  const window = new BrowserWindow({
    width: 480,
    height: 220,
    resizable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    show: false,
    center: true,
    title: PRODUCT_NAME,
    backgroundColor: '#ffffff',
    webPreferences: startWindowWebPreferences(),
  });
  window.setMenuBarVisibility(false);
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.once('ready-to-show', () => window.show());
  let shown = '';
  const show = (view: StartView) => {
    const page = startPage(view);
    if (page === shown || window.isDestroyed()) return;
    shown = page;
    window
      .loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(page)}`)
      .catch((error: unknown) => log.error('the start window could not show its page', { error: String(error) }));
  };
  show(first);
  return {
    show,
    close: () => {
      if (!window.isDestroyed()) window.destroy();
    },
  };
}
