/** The Electron entry (electron-vite's main entry): the desktop shell around the station. */
import { startDesktop } from './desktop/app';

startDesktop();
