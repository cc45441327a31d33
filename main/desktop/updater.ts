/**
 * Updates through electron-updater from a generic feed (an HTTPS folder holding the
 * installers and latest.yml / latest-mac.yml that `npm run dist` writes). update-policy.ts
 * decides the feed (Settings, else the build's, else off) and holds installing back while
 * a print job is in flight; this file only asks and tells. electron-updater is loaded only
 * when there is a feed to ask.
 */
import { app, dialog } from 'electron';
import type { AppUpdater } from 'electron-updater';
import type { DesktopLog } from './log';
import { PRODUCT_NAME } from './paths';
import { CHECK_EVERY_MS, installWhenIdle, type PrintJobs } from './update-policy';

export interface Updater {
  /** Looks for an update; `fromMenu`: the operator asked, so every outcome is told. */
  check(fromMenu: boolean): Promise<void>;
  /** Checks at start and every few hours while a feed is set. */
  checkPeriodically(): void;
}

export interface UpdaterOptions {
  feed: () => string | null;
  jobs: PrintJobs;
  log: DesktopLog;
  /** Stops the service (HTTP, then the database) before the installer takes over. */
  closeService: () => Promise<void>;
}

type AutoUpdater = AppUpdater;

const tell = (message: string, detail = '') =>
  dialog.showMessageBox({ type: 'info', title: PRODUCT_NAME, message, detail, buttons: ['OK'], noLink: true });

export function createUpdater(options: UpdaterOptions): Updater {
  const { jobs, log } = options;
  let updater: AutoUpdater | null = null;
  let feedInUse: string | null = null;
  let offered: string | null = null;

  async function installAndRestart(updater: AutoUpdater): Promise<void> {
    await installWhenIdle(
      jobs,
      async () => {
        await options.closeService();
        await jobs.whenIdle();
        log.info('installing an update and restarting');
        updater.quitAndInstall(false, true);
      },
      (inFlight) => {
        log.info('an update waits for print jobs to finish', { inFlight });
        void tell(
          `The update will install once ${inFlight === 1 ? 'the print job' : `${inFlight} print jobs`} in progress finish.`,
        );
      },
    );
  }

  async function updaterFor(feed: string): Promise<AutoUpdater> {
    if (!updater) {
      updater = (await import('electron-updater')).default.autoUpdater;
      updater.autoDownload = true;
      // Never on quit by itself: installing waits for print jobs (installAndRestart).
      updater.autoInstallOnAppQuit = false;
      updater.logger = {
        info: (m) => log.info(String(m)),
        warn: (m) => log.info(String(m)),
        error: (m) => log.error(String(m)),
      };
      updater.on('update-downloaded', (info: { version: string }) => {
        if (offered === info.version) return;
        offered = info.version;
        void dialog
          .showMessageBox({
            type: 'info',
            title: PRODUCT_NAME,
            message: `${PRODUCT_NAME} ${info.version} is ready to install`,
            detail: 'Restarting takes a few seconds. Print jobs in progress finish first.',
            buttons: ['Restart now', 'Later'],
            defaultId: 1,
            cancelId: 1,
            noLink: true,
          })
          .then(({ response }) => (response === 0 ? installAndRestart(updater!) : undefined));
      });
    }
    if (feedInUse !== feed) {
      updater.setFeedURL({ provider: 'generic', url: feed });
      feedInUse = feed;
    }
    return updater;
  }

  async function check(fromMenu: boolean): Promise<void> {
    const feed = options.feed();
    if (!feed) {
      if (fromMenu)
        await tell('Updates are off', 'No update address is set. An administrator sets one in Settings → This desk.');
      return;
    }
    if (!app.isPackaged) {
      if (fromMenu) await tell('Updates apply to the installed app', 'This copy runs from its source folder.');
      return;
    }
    try {
      const result = await (await updaterFor(feed)).checkForUpdates();
      if (!fromMenu) return;
      if (result?.isUpdateAvailable) {
        await tell(
          `${PRODUCT_NAME} ${result.updateInfo.version} is being downloaded`,
          'You will be asked to restart once it is ready.',
        );
      } else await tell(`${PRODUCT_NAME} ${app.getVersion()} is up to date`);
    } catch (error) {
      log.error('checking for updates failed', { feed, error: String(error) });
      if (fromMenu)
        await tell('Could not check for updates', `${feed}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    check,
    checkPeriodically() {
      void check(false);
      setInterval(() => void check(false), CHECK_EVERY_MS).unref();
    },
  };
}
