/**
 * The application menu. Its Edit roles are what make copy, paste and select-all work in the
 * window (Electron has no default shortcuts without them). Reload and DevTools exist only
 * in development: a reload in the middle of a form would lose an operator's typing. About
 * (the version, from app.setAboutPanelOptions) and Check for Updates… sit in the app menu on
 * macOS and under Help elsewhere, where each platform's users look for them.
 */
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  appName: string;
  isMac: boolean;
  isDev: boolean;
  /** Help → Operator's Guide (F1). */
  openGuide?: () => void;
  /** Check for Updates…: told every outcome, as the operator asked. */
  checkForUpdates?: () => void;
}

export function menuTemplate({
  appName,
  isMac,
  isDev,
  openGuide = () => undefined,
  checkForUpdates = () => undefined,
}: MenuOptions): MenuItemConstructorOptions[] {
  const separator: MenuItemConstructorOptions = { type: 'separator' };
  const template: MenuItemConstructorOptions[] = [];
  if (isMac) {
    template.push({
      label: appName,
      submenu: [
        { role: 'about' },
        { label: 'Check for Updates…', click: checkForUpdates },
        separator,
        { role: 'services' },
        separator,
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        separator,
        { role: 'quit' },
      ],
    });
  }
  template.push(
    { label: 'File', submenu: [isMac ? { role: 'close' } : { role: 'quit' }] },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        separator,
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        ...(isMac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
        { role: 'delete' },
        separator,
        { role: 'selectAll' },
      ],
    },
    {
      label: 'View',
      submenu: [
        ...(isDev
          ? [
              { role: 'reload' } as const,
              { role: 'forceReload' } as const,
              { role: 'toggleDevTools' } as const,
              separator,
            ]
          : []),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        separator,
        { role: 'togglefullscreen' },
      ],
    },
    {
      label: 'Window',
      submenu: isMac
        ? [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }]
        : [{ role: 'minimize' }, { role: 'close' }],
    },
    {
      role: 'help',
      submenu: [
        { label: 'Operator’s Guide', accelerator: 'F1', click: openGuide },
        ...(isMac
          ? []
          : [separator, { label: 'Check for Updates…', click: checkForUpdates }, { role: 'about' } as const]),
      ],
    },
  );
  return template;
}
