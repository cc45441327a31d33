/** Where the station keeps its database (docs/contract.md §10). */
import { homedir } from 'node:os';
import { join } from 'node:path';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.SHIPPING_STATION_DATA_DIR) return env.SHIPPING_STATION_DATA_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Shipping Station');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Shipping Station');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'shipping-station');
}
