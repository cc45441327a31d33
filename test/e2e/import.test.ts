/**
 * The Import screen in headless Chromium against the real station: a file chosen, its
 * columns matched (one mapped by hand, and remembered), a dry run, the create, an invalid
 * row fixed in the grid and retried, and every label printed in one job.
 */
import { describe, expect, it } from 'vitest';
import { deskForFile, signIn } from './station';
import { setSenderAddress } from './station-api';
import { answerDidItPrint, checkImport, csvFile, screenshot, textOf, waitForText, waitUntil } from './ui';

const { station, page, pageErrors } = await deskForFile({ timeout: 15_000 });

const CSV = [
  'Order no,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height,Gift note',
  'E2E-1,Ann Other,1 Oak Road,Leeds,LS1 1UR,GB,1,30,20,10,hello',
  'E2E-2,Bob Baker,2 Oak Road,Leeds,XX1,GB,2,30,20,10,',
  'E2E-3,"Chloé, Dubois",3 Oak Road,Leeds,LS2 7EY,GB,1.5,30,20,10,',
].join('\n');

const file = (name = 'orders.csv') => csvFile(CSV, name);

// Rows without a sender are sent from the station's address.
await setSenderAddress(station);

const rowOutcome = (row: number) =>
  page
    .getByRole('table', { name: 'Rows of the file' })
    .locator('tbody tr')
    .nth(row - 1)
    .locator('td')
    .nth(1);

describe('the Import screen', () => {
  it('reads a chosen file, matches its columns, and maps one by hand in a dry run', async () => {
    await signIn(page, station);
    await page.getByRole('link', { name: 'Import' }).click();
    await checkImport(page, file(), 'Dry run: 2 valid, 1 invalid, 0 skipped of 3 rows.');
    expect(await page.getByLabel('Field for column Post code').inputValue()).toBe('deliveryAddress.postZipCode');
    expect(await page.getByLabel('Field for column Order no').inputValue()).toBe('');
    await page.getByLabel('Field for column Order no').selectOption('referenceOne');
    await waitUntil(
      'the check run again with the mapping',
      async () => page.getByLabel('Field for column Order no').inputValue(),
      (v) => v === 'referenceOne',
    );
    await waitForText(rowOutcome(2), 'Delivery address › Post code');
    await screenshot(page, 'import-01-checked');
  });

  it('creates the valid rows, and creates the fixed row on retry', async () => {
    const created = page.waitForResponse((r) => r.url().includes('/imports?') && r.url().includes('dryRun=false'));
    await page.getByRole('button', { name: 'Create shipments' }).click();
    const body = (await (await created).json()) as { created: number; rows: { shipmentNumber?: string }[] };
    expect(body.created).toBe(2);
    await waitForText(page.getByRole('status').filter({ hasText: 'created' }), '2 rows created, 1 invalid, 0 skipped.');
    await waitForText(rowOutcome(1), 'created');
    expect(await textOf(rowOutcome(1))).toContain(body.rows[0]!.shipmentNumber!);
    await page.getByLabel('Row 2 Post code').fill('LS3 1AB');
    await page.getByRole('button', { name: 'Retry 1 fixed row' }).click();
    await waitForText(rowOutcome(2), 'created');
    await waitForText(
      page.getByRole('status').filter({ hasText: 'Retried' }),
      'Retried 1 row: 1 created, 0 still invalid.',
    );
    await screenshot(page, 'import-02-created');
  });

  it('prints every label of the import in one job', async () => {
    const labels = page.waitForResponse((r) => /\/imports\/\d+\/labels\?/.test(r.url()));
    await page.getByRole('button', { name: 'Print all labels' }).click();
    const fetched = await labels;
    expect(fetched.status()).toBe(200);
    // Fetched without marking: the browser cannot say whether they printed; the operator does.
    expect(new URL(fetched.url()).searchParams.get('markPrinted')).toBe('false');
    await waitForText(page.getByRole('status').filter({ hasText: 'Labels' }), 'Labels sent to print.');
    await answerDidItPrint(page);
    await waitForText(page.getByRole('status').filter({ hasText: 'Labels' }), 'Marked Printed: 3 shipments.');
  });

  it('remembers the mapping for a file with the same header', async () => {
    await page.reload();
    // Every reference is shipped now: all three rows are skipped, found by the remembered column.
    await checkImport(page, file('orders-2.csv'), 'Dry run: 0 valid, 0 invalid, 3 skipped of 3 rows.');
    expect(await page.getByLabel('Field for column Order no').inputValue()).toBe('referenceOne');
  });

  it('shows the rows done of a large file while its shipments are created', async () => {
    const rows = 6000;
    const big = ['Order no,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height']
      .concat(Array.from({ length: rows }, (_, i) => `BIG-${i},Ann Other,${i} Oak Road,Leeds,LS1 1UR,GB,1,30,20,10`))
      .join('\n');
    await checkImport(
      page,
      csvFile(big, 'big.csv'),
      'Dry run: 6,000 valid, 0 invalid, 0 skipped of 6,000 rows.',
      60_000,
    );
    await page.getByRole('button', { name: 'Create shipments' }).click();
    // Caught part-way: some rows done, not all, and the sentence says the same.
    const bar = page.getByRole('progressbar', { name: 'Creating shipments' });
    await page.waitForFunction(
      () => {
        const p = document.querySelector<HTMLProgressElement>('progress[aria-label="Creating shipments"]');
        return p !== null && p.value > 0 && p.value < p.max;
      },
      undefined,
      { timeout: 60_000, polling: 20 },
    );
    const [value, max, sentence] = await Promise.all([
      bar.getAttribute('value'),
      bar.getAttribute('max'),
      textOf(page.locator('.import-progress')),
    ]);
    expect(Number(max)).toBe(rows);
    expect(Number(value)).toBeGreaterThan(0);
    expect(sentence).toMatch(/^[\d,]+ of 6,000 rows done$/);
    await waitForText(
      page.getByRole('status').filter({ hasText: 'created' }),
      '6,000 rows created, 0 invalid, 0 skipped.',
      120_000,
    );
    await expect(bar.count()).resolves.toBe(0);
  }, 240_000);

  it('threw no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
