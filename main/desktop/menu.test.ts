import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { menuTemplate } from './menu';

const roles = (template: MenuItemConstructorOptions[]): string[] =>
  template.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ]);
const submenu = (template: MenuItemConstructorOptions[], label: string) =>
  (template.find((item) => item.label === label)?.submenu ?? []) as MenuItemConstructorOptions[];

describe('menuTemplate', () => {
  it.each([true, false])('has the standard Edit roles so copy and paste work (mac: %s)', (isMac) => {
    const edit = roles(submenu(menuTemplate({ appName: 'Shipping Station', isMac, isDev: false }), 'Edit'));
    expect(edit).toEqual(expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'delete', 'selectAll']));
  });

  it.each([true, false])('offers Reload, Force Reload and DevTools only in development (mac: %s)', (isMac) => {
    const packaged = roles(menuTemplate({ appName: 'Shipping Station', isMac, isDev: false }));
    const dev = roles(menuTemplate({ appName: 'Shipping Station', isMac, isDev: true }));
    for (const role of ['reload', 'forceReload', 'toggleDevTools']) {
      expect(packaged).not.toContain(role);
      expect(dev).toContain(role);
    }
  });

  it('has the macOS application menu only on macOS, and a way to quit everywhere', () => {
    const mac = menuTemplate({ appName: 'Shipping Station', isMac: true, isDev: false });
    const windows = menuTemplate({ appName: 'Shipping Station', isMac: false, isDev: false });
    expect(mac[0]?.label).toBe('Shipping Station');
    expect(windows.map((item) => item.label)).not.toContain('Shipping Station');
    expect(roles(mac)).toContain('quit');
    expect(roles(windows)).toContain('quit');
  });

  it.each([true, false])(
    'has About, Check for Updates… and the operator’s guide under F1, where each platform looks (mac: %s)',
    (isMac) => {
      const calls: string[] = [];
      const template = menuTemplate({
        appName: 'Shipping Station',
        isMac,
        isDev: false,
        openGuide: () => calls.push('guide'),
        checkForUpdates: () => calls.push('updates'),
      });
      const help = template.find((item) => item.role === 'help')!.submenu as MenuItemConstructorOptions[];
      const home = isMac ? (template[0]!.submenu as MenuItemConstructorOptions[]) : help;
      const guide = help.find((item) => item.label === 'Operator’s Guide')!;
      expect(guide.accelerator).toBe('F1');
      expect(roles(home)).toContain('about');
      const check = home.find((item) => item.label === 'Check for Updates…')!;
      (guide.click as () => void)();
      (check.click as () => void)();
      expect(calls).toEqual(['guide', 'updates']);
    },
  );
});
