/**
 * A client generated from the document a real station serves (openapi-typescript types,
 * openapi-fetch calls): test/openapi/client/program.ts type-checks strictly against it and
 * then signs in, creates, lists, fetches a label and cancels on that station.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiKey, serveStation, type ServedStation } from '../helpers/serve';

const run = promisify(execFile);
const bin = (name: string) => join(process.cwd(), 'node_modules', '.bin', name);

let dir: string;
let station: ServedStation;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ss-client-'));
  station = await serveStation({ dataDir: join(dir, 'data') });
});
afterAll(async () => {
  await station?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it('generates, type-checks and runs a client program against a real station', { timeout: 180_000 }, async () => {
  const project = join(dir, 'tool');
  await run('mkdir', ['-p', project]);
  symlinkSync(join(process.cwd(), 'node_modules'), join(project, 'node_modules'));
  writeFileSync(join(project, 'openapi.json'), await (await fetch(`${station.base}/openapi.json`)).text());
  await run(bin('openapi-typescript'), ['openapi.json', '-o', 'api.d.ts'], { cwd: project });
  copyFileSync(join(process.cwd(), 'test', 'openapi', 'client', 'program.ts'), join(project, 'program.ts'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ type: 'module' }));
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2023',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        strict: true,
        noUncheckedIndexedAccess: true,
        types: ['node'],
        noEmit: true,
        skipLibCheck: false,
        lib: ['ES2023', 'DOM'],
      },
      files: ['program.ts', 'api.d.ts'],
    }),
  );
  // Type errors fail here with tsc's own message.
  await run(bin('tsc'), ['-p', 'tsconfig.json'], { cwd: project }).catch((error: { stdout: string }) => {
    throw new Error(`the program does not type-check against the generated client:\n${error.stdout}`);
  });

  const key = await createApiKey(station, 'generated client');
  const { stdout } = await run(bin('tsx'), ['program.ts', station.base, key], { cwd: project });
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!);
  expect(result).toEqual({
    shipmentNumber: expect.stringMatching(/^SS\d{8}$/),
    inList: true,
    pdfHeader: '%PDF-',
    cancelled: true,
    labelAfterCancel: '/problems/conflict',
    finalStatus: 'Cancelled',
  });
});

it(
  'a program that misuses the generated types does not type-check (the check is real)',
  { timeout: 120_000 },
  async () => {
    const project = join(dir, 'tool');
    writeFileSync(
      join(project, 'wrong.ts'),
      `import createClient from 'openapi-fetch';
import type { paths } from './api';
const station = createClient<paths>({ baseUrl: 'http://127.0.0.1:1' });
await station.POST('/shipments', { body: { carrierId: '1', shipmentPieces: [] } });
`,
    );
    writeFileSync(
      join(project, 'tsconfig.wrong.json'),
      JSON.stringify({ extends: './tsconfig.json', files: ['wrong.ts', 'api.d.ts'] }),
    );
    const failed = await run(bin('tsc'), ['-p', 'tsconfig.wrong.json'], { cwd: project }).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
    expect(failed).toMatch(/wrong\.ts\(4,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/);
  },
);
