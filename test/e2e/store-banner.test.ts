/**
 * The window says when its database does not answer (docs/contract.md §22): with the SQLite file
 * moved away from under a running station, a banner appears on the signed-in screen and on
 * the sign-in screen alike; put back, the banner goes by itself. Screenshots at 1280×720 and
 * 1024×768 in test-results/screenshots/.
 */
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../main/stores/sqlite/database';
import { deskForFile, signIn } from './station';
import { screenshot } from './ui';

const { station, page, pageErrors } = await deskForFile();

describe('the database banner', () => {
  it('shows while the store does not answer and goes when it is back', async () => {
    await signIn(page, station);
    const banner = page.getByTestId('store-banner');
    expect(await banner.count()).toBe(0);
    const file = join(station.dataDir, DATABASE_FILE);
    renameSync(file, `${file}.away`);
    try {
      await banner.waitFor({ timeout: 10_000 });
      expect(await banner.textContent()).toMatch(/database is not answering.*deleted or moved/);
      await page.setViewportSize({ width: 1280, height: 720 });
      await screenshot(page, 'store-banner-1280x720');
      await page.setViewportSize({ width: 1024, height: 768 });
      await screenshot(page, 'store-banner-1024x768');
    } finally {
      renameSync(`${file}.away`, file);
    }
    await banner.waitFor({ state: 'detached', timeout: 10_000 });
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
