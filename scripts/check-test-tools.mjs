// `npm test` runs real programs (a browser, PDF and barcode readers, a print spooler, the
// documentation's curl and Python examples): this says in one line which are missing, and
// how to get them on Debian, before anything runs.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** [program, Debian package]; a program with a slash is an absolute path. */
const TOOLS = [
  [process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'chromium'],
  ['pdftotext', 'poppler-utils'],
  ['pdftoppm', 'poppler-utils'],
  ['zbarimg', 'zbar-tools'],
  ['jq', 'jq'],
  ['python3', 'python3'],
  ['cupsd', 'cups'],
  ['lpadmin', 'cups-client'],
  ['nm', 'binutils'],
  ['readelf', 'binutils'],
];

const dirs = (process.env.PATH ?? '').split(delimiter).concat(['/usr/sbin', '/sbin']);
const runnable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};
const found = (program) => (program.includes('/') ? runnable(program) : dirs.some((d) => runnable(join(d, program))));

const missing = [...new Set(TOOLS.filter(([program]) => !found(program)).map(([, pkg]) => pkg))];
if (missing.length > 0) {
  console.error(
    `npm test needs ${missing.join(', ')}: apt-get install -y ${missing.join(' ')} (or run bash .ci/run, which installs them)`,
  );
  process.exit(1);
}
