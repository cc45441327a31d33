/**
 * `cli demo-data` of the built station killed for real (SIGKILL) once its first batch of
 * 20,000 is written, while it writes the second: what a pulled plug leaves of a bulk load.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** `store` is `--data-dir DIR` or `--database URL`. Resolves once the process is gone. */
export async function killDemoDataAfterFirstBatch(store: string[]): Promise<void> {
  const child = spawn(
    process.execPath,
    [join('out', 'main', 'cli.js'), ...store, 'demo-data', '--shipments', '50000', '--days', '30'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes('20000 / 50000')) {
        child.kill('SIGKILL');
        resolve();
      }
    });
    void exited.then((code) => reject(new Error(`demo-data exited ${code} before its first batch:\n${output}`)));
  });
  await exited;
}
