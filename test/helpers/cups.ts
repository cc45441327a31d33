/**
 * A real CUPS scheduler for a test: its own configuration folder and loopback port, so it
 * touches nothing of the machine's; queues are added with lpadmin against it. Needs cupsd
 * (Debian's `cups` package) and root or a user cupsd accepts; `.ci/run` installs it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TestCups {
  /** host:port, for CUPS_SERVER. */
  server: string;
  env: NodeJS.ProcessEnv;
  lpadmin(...args: string[]): Promise<void>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startCups(): Promise<TestCups> {
  const dir = await mkdtemp(join(tmpdir(), 'ss-cups-'));
  for (const sub of ['spool', 'cache', 'state', 'log', 'ppd']) await mkdir(join(dir, sub));
  await mkdir(join(dir, 'tmp'), { mode: 0o1777 });
  const port = await freePort();
  const server = `127.0.0.1:${port}`;
  await writeFile(
    join(dir, 'cupsd.conf'),
    [
      `Listen ${server}`,
      'LogLevel warn',
      'WebInterface No',
      'Browsing No',
      'DefaultAuthType None',
      '<Location />',
      '  Order allow,deny',
      '  Allow all',
      '</Location>',
      '<Policy default>',
      '  <Limit All>',
      '    Order deny,allow',
      '    Allow all',
      '  </Limit>',
      '</Policy>',
    ].join('\n'),
  );
  await writeFile(
    join(dir, 'cups-files.conf'),
    [
      `ServerRoot ${dir}`,
      `RequestRoot ${dir}/spool`,
      `CacheDir ${dir}/cache`,
      `StateDir ${dir}/state`,
      `TempDir ${dir}/tmp`,
      `AccessLog ${dir}/log/access_log`,
      `ErrorLog ${dir}/log/error_log`,
      `PageLog ${dir}/log/page_log`,
      'SystemGroup root',
      'Sandboxing Relaxed',
    ].join('\n'),
  );
  const daemon: ChildProcess = spawn(
    'cupsd',
    ['-f', '-c', join(dir, 'cupsd.conf'), '-s', join(dir, 'cups-files.conf')],
    { stdio: 'ignore' },
  );
  const env = { ...process.env, CUPS_SERVER: server };
  // Ready when it answers.
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await run('lpstat', ['-r'], { env });
      break;
    } catch {
      if (Date.now() > deadline || daemon.exitCode !== null) throw new Error(`cupsd did not start on ${server}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    server,
    env,
    async lpadmin(...args) {
      // A scheduler busy starting (or a loaded machine) can drop the first connection.
      for (let attempt = 1; ; attempt++) {
        try {
          await run('lpadmin', args, { env });
          return;
        } catch (error) {
          if (attempt === 3 || daemon.exitCode !== null) throw error;
          await new Promise((r) => setTimeout(r, 500 * attempt));
        }
      }
    },
    async stop() {
      daemon.kill('SIGTERM');
      await new Promise((resolve) => (daemon.exitCode !== null ? resolve(null) : daemon.once('exit', resolve)));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A listener standing in for a network label printer: every connection's bytes, in order. */
export interface TestPrinter {
  port: number;
  jobs: Buffer[];
  /** Resolves with the next job once its connection closes. */
  nextJob(): Promise<Buffer>;
  close(): Promise<void>;
}

export async function startTestPrinter(): Promise<TestPrinter> {
  const jobs: Buffer[] = [];
  const waiting: ((job: Buffer) => void)[] = [];
  const server = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => {
      const job = Buffer.concat(chunks);
      jobs.push(job);
      socket.end();
      waiting.shift()?.(job);
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let seen = 0;
  return {
    port,
    jobs,
    nextJob() {
      if (jobs.length > seen) return Promise.resolve(jobs[seen++]!);
      return new Promise((resolve) =>
        waiting.push((job) => {
          seen++;
          resolve(job);
        }),
      );
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** cups-filters' generic PDF driver: Letter, A4, A6 and other office sizes, no label sizes. */
export const GENERIC_PDF_PPD = '/usr/share/ppd/cupsfilters/Generic-PDF_Printer-PDF.ppd';

/**
 * A PDF label printer's driver, for `lpadmin -P`: the generic PDF driver with a borderless
 * 4×6 in page added (w288h432, as label printers' drivers name it). Returns the file's path.
 */
export async function labelPrinterPpd(dir: string): Promise<string> {
  const generic = await readFile(GENERIC_PDF_PPD, 'utf8');
  const page = '"@PJL SET PAPER=CUSTOM<0A>"';
  const added: Record<string, string> = {
    PageSize: `*PageSize w288h432.Fullbleed/4 x 6 in (Borderless): ${page}`,
    PageRegion: `*PageRegion w288h432.Fullbleed/4 x 6 in (Borderless): ${page}`,
    ImageableArea: '*ImageableArea w288h432.Fullbleed/4 x 6 in (Borderless): "0 0 288 432"',
    PaperDimension: '*PaperDimension w288h432.Fullbleed/4 x 6 in (Borderless): "288 432"',
  };
  const lines = generic.split('\n').flatMap((line) => {
    const key = /^\*(PageSize|PageRegion|ImageableArea|PaperDimension) A6\.Fullbleed\//.exec(line)?.[1];
    return key ? [line, added[key]!] : [line];
  });
  const file = join(dir, 'label-printer-pdf.ppd');
  await writeFile(file, lines.join('\n'));
  return file;
}
