/** Finds the resources folder (carrier catalog, fonts) from source, a build, or a package. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Points at the app's `resources` folder; a packaged Electron app keeps it outside asar. */
export const RESOURCES_DIR_ENV = 'SHIPPING_STATION_RESOURCES_DIR';

export function resourcesDir(): string {
  const fromEnv = process.env[RESOURCES_DIR_ENV];
  if (fromEnv) return fromEnv;
  // Walk up from this file: main/core in source, out/main in a build.
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'resources');
    if (existsSync(join(candidate, 'carriers.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('The resources folder (carriers.json, fonts) was not found');
}
