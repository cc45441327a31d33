/**
 * The GitHub Actions workflows cannot run here, so `npm test` checks them against GitHub's
 * workflow schema with action-validator (the CLI, as a developer would run it), and checks
 * that they run what docs/desktop.md says they run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = process.cwd();
const dir = join(root, '.github', 'workflows');
const workflows = readdirSync(dir).filter((f) => f.endsWith('.yml'));
const tmp = mkdtempSync(join(tmpdir(), 'ss-workflows-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const validate = (file: string) => {
  const run = spawnSync(process.execPath, [join(root, 'node_modules/@action-validator/cli/cli.mjs'), file], {
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
};

describe('the GitHub Actions workflows', () => {
  it('are the Linux run and the desktop run', () => {
    expect(workflows.sort()).toEqual(['ci.yml', 'desktop.yml']);
  });

  it.each(workflows)('%s is valid against GitHub’s workflow schema', (name) => {
    const result = validate(join(dir, name));
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  });

  it('a workflow with a misspelt key or a job without runs-on is refused', () => {
    const text = readFileSync(join(dir, 'desktop.yml'), 'utf8');
    for (const [what, broken] of [
      ['misspelt key', text.replace('timeout-minutes: 60', 'timeout-minute: 60')],
      ['no runs-on', text.replace('    runs-on: ${{ matrix.os }}\n', '')],
    ] as const) {
      expect(broken, what).not.toBe(text);
      const file = join(tmp, `${what.replace(/\W/g, '-')}.yml`);
      writeFileSync(file, broken);
      expect(validate(file).status, what).toBe(1);
    }
  });

  it('Linux runs .ci/run; Windows and macOS package the app, upload the installers and smoke-test it', () => {
    expect(readFileSync(join(dir, 'ci.yml'), 'utf8')).toMatch(/run: bash \.ci\/run$/m);
    const desktop = readFileSync(join(dir, 'desktop.yml'), 'utf8');
    expect(desktop).toContain('os: [windows-latest, macos-latest]');
    for (const step of [
      'npm ci',
      'npm run electron:sqlite -- --dist',
      'npx electron-builder --publish never',
      'npx electron-builder --dir',
      'actions/upload-artifact',
      'npx vitest run --project sqlite test/desktop/smoke.test.ts',
    ]) {
      expect(desktop, step).toContain(step);
    }
  });
});
