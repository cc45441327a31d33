/**
 * Before any test file: the build in out/ is current (`scripts/ensure-build.mjs`), because
 * the process and end-to-end tests run what `npm run serve` and `npm run cli` run —
 * out/main/serve.js and out/main/cli.js. Once here, so that test files never build at once.
 */
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
}
