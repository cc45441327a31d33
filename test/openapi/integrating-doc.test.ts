/**
 * docs/integrating.md's examples, taken from the markdown and run against a real station:
 * every `sh` block as one bash script, every `python` block as one program. The public
 * tracking limit is used up first, so each example meets a real 429 and waits it out.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pdfText } from '../helpers/pdf';
import { apiKeyToken, createApiKey, serveStation, type ServedStation } from '../helpers/serve';

const run = promisify(execFile);
const DOC = readFileSync(join(process.cwd(), 'docs', 'integrating.md'), 'utf8');

/** The fenced blocks of one language, in order. */
const blocks = (lang: string) =>
  [...DOC.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].filter((m) => m[1] === lang).map((m) => m[2]!);

let dir: string;
let station: ServedStation;
let key: string;
let listener: Server;
const received: { headers: Record<string, string>; body: string }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ss-doc-'));
  station = await serveStation({ dataDir: join(dir, 'data') });
  key = await createApiKey(station, 'doc examples');
  listener = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => listener?.close(resolve));
  await station?.stop();
  rmSync(dir, { recursive: true, force: true });
  // The watched folder the examples set up.
  rmSync(join(tmpdir(), 'station-orders'), { recursive: true, force: true });
});

async function runExample(name: string, command: string, args: string[], source: string) {
  const cwd = join(dir, name);
  mkdirSync(cwd);
  const file = join(cwd, args.at(-1)!);
  writeFileSync(file, source);
  const result = await run(command, args, {
    cwd,
    env: { ...process.env, STATION: station.base, SHIPPING_STATION_API_KEY: key },
  }).catch((error: { stdout: string; stderr: string; message: string }) => {
    throw new Error(`the ${name} example failed: ${error.message}\n${error.stdout}\n${error.stderr}`);
  });
  return { cwd, ...result };
}

/** The API key line of the page, and the sh examples that use its key. */
const cliBlock = () => blocks('sh').find((b) => b.includes('apikey create'))!;
const shBlocks = () => blocks('sh').filter((b) => b !== cliBlock());

it('has curl, Python and PowerShell examples, every block of them run or parsed, and the README links to it', () => {
  expect(blocks('sh').length).toBeGreaterThanOrEqual(8);
  expect(blocks('python')).toHaveLength(2);
  expect(blocks('powershell')).toHaveLength(1);
  // No example hides from the tests in a block of another language.
  for (const [, lang] of DOC.matchAll(/^```(\w+)\n/gm)) expect(['sh', 'python', 'powershell']).toContain(lang);
  expect(readFileSync('README.md', 'utf8')).toContain('docs/integrating.md');
});

it('its API key line, run as written on the station’s data folder, prints a key that signs in', async () => {
  const line = cliBlock().replace('./my-data', join(dir, 'data'));
  const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', line], { cwd: process.cwd() });
  expect(stdout.trim()).toMatch(/^ssk_[\w-]{43}$/);
  const signIn = await fetch(`${station.base}/auth?option=apikey`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiKey: { apiKey: stdout.trim() } }),
  });
  expect(signIn.status).toBe(200);
});

it('its curl sign-in stops with the station’s reason when the key is wrong', async () => {
  const [where, signIn] = shBlocks();
  const cwd = join(dir, 'wrong-key');
  mkdirSync(cwd);
  const failed = await run('bash', ['-euo', 'pipefail', '-c', `${where}\n${signIn}\necho signed in`], {
    cwd,
    env: { ...process.env, STATION: station.base, SHIPPING_STATION_API_KEY: 'ssk_mistyped' },
  }).then(
    () => undefined,
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  expect(failed?.code).toBe(1);
  expect(failed?.stdout).not.toContain('signed in');
  expect(failed?.stderr).toMatch(/^sign-in refused: The sign-in was not accepted: .*not a key of this station/m);
});

it('its PowerShell example parses, and does what the others do', async () => {
  const [script] = blocks('powershell');
  const parse = await powershellParser();
  expect(syntaxErrors(parse(script!))).toEqual([]);
  // The check is not a no-op: a brace left open is found.
  const lastBrace = script!.lastIndexOf('}');
  expect(syntaxErrors(parse(script!.slice(0, lastBrace) + script!.slice(lastBrace + 1)))).not.toEqual([]);
  for (const piece of [
    '/auth?option=apikey',
    "'Idempotency-Key' = $order",
    '/shipments/$($created.shipmentId)/label',
    "Join-Path $PWD 'label.pdf'",
    'DateFrom=$today&DateTo=$today',
    '-SkipHttpErrorCheck',
    "$r.Headers['Retry-After']",
    '$tries -lt 3',
    '/watch-folder',
    'Move-Item -Path $draft',
  ]) {
    expect(script).toContain(piece);
  }
  expect(script).not.toMatch(/"\$PWD\\/);
});

it(
  'runs the curl and Python examples as written against a real station, a 429 included',
  { timeout: 150_000 },
  async () => {
    // Use up the public tracking view's 60 a minute: each example's last step meets a 429.
    for (let i = 0; i < 60; i++) await fetch(`${station.base}/tracking/SS00000000?postCode=X`);
    expect((await fetch(`${station.base}/tracking/SS00000000?postCode=X`)).status).toBe(429);

    const [curl, python] = await Promise.all([
      runExample('curl', 'bash', ['-euo', 'pipefail', 'examples.sh'], shBlocks().join('\n')),
      runExample('python', 'python3', ['example.py'], blocks('python').join('\n')),
    ]);

    for (const example of [curl, python]) {
      const output = example.stdout + example.stderr;
      const number = /created (SS\d{8})/.exec(output)?.[1];
      expect(number, output).toBeDefined();
      // Its label, decoded to a file, is the shipment's PDF.
      const pdf = readFileSync(join(example.cwd, 'label.pdf'));
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await pdfText(pdf)).toContain('LS1 1UR');
      // Today's list holds it, Printed by the label fetch.
      expect(output).toMatch(new RegExp(`${number}\\tPrinted\\tSam Receiver, 22 High Street, Leeds, LS1 1UR, GB`));
      expect(output).toMatch(/conflict: .*Idempotency-Key/i);
      expect(output).toMatch(/status 429: waiting \d+ s/);
      expect(output).toContain('tracking: Printed');
    }
    expect(curl.stdout).toMatch(/^folder: row 1 orders-curl-\d+ created$/m);
    expect(python.stdout).toMatch(/^folder: row 1 orders-py-\d+ created$/m);
    expect(python.stdout).toContain("invalid: {'deliveryAddress.postZipCode'");
    expect(existsSync(join(curl.cwd, 'created.json'))).toBe(true);
    expect(curl.stdout).toMatch(/^webhook \d+: keep its secret whsec_…$/m);
  },
);

it('its signature check in Python accepts a real delivery and refuses a changed one', { timeout: 60_000 }, async () => {
  const headers = { authorization: `Bearer ${await apiKeyToken(station, key)}`, 'content-type': 'application/json' };
  const { port } = listener.address() as AddressInfo;
  const subscribed = await (
    await fetch(`${station.base}/webhooks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: `http://127.0.0.1:${port}/hooks` }),
    })
  ).json();
  const test = await (
    await fetch(`${station.base}/webhooks/${subscribed.webhook.id}/test`, { method: 'POST', headers })
  ).json();
  expect(test.state).toBe('delivered');
  const delivery = received.at(-1)!;
  const verify = blocks('python').find((b) => b.includes('def verify'))!;
  const check = `${verify}
import json
s = json.load(open("sample.json"))
h = {"Webhook-Timestamp": s["headers"]["webhook-timestamp"], "Webhook-Signature": s["headers"]["webhook-signature"]}
body = s["body"].encode()
print(verify(s["secret"], h, body), verify(s["secret"], h, body.replace(b"test", b"tost")), verify("whsec_wrong", h, body))
`;
  const cwd = join(dir, 'verify');
  mkdirSync(cwd);
  writeFileSync(join(cwd, 'sample.json'), JSON.stringify({ secret: subscribed.secret, ...delivery }));
  writeFileSync(join(cwd, 'check.py'), check);
  const { stdout } = await run('python3', ['check.py'], { cwd });
  expect(stdout.trim()).toBe('True False False');
});

/** PowerShell's grammar (tree-sitter, as WebAssembly): `pwsh` is not installed here. */
async function powershellParser() {
  const { Parser, Language } = await import('web-tree-sitter');
  await Parser.init();
  const language = await Language.load(
    join(process.cwd(), 'node_modules', 'tree-sitter-powershell', 'tree-sitter-powershell.wasm'),
  );
  const parser = new Parser();
  parser.setLanguage(language);
  return (source: string) => parser.parse(source)!;
}

/** Each place the grammar could not read, as line:column and the text there. */
function syntaxErrors(tree: { rootNode: SyntaxNode }): string[] {
  const found: string[] = [];
  const walk = (node: SyntaxNode) => {
    if (node.isError || node.isMissing)
      found.push(`${node.startPosition.row + 1}:${node.startPosition.column + 1} ${node.text.slice(0, 40)}`);
    for (const child of node.children) if (child) walk(child);
  };
  walk(tree.rootNode);
  return found;
}

interface SyntaxNode {
  isError: boolean;
  isMissing: boolean;
  text: string;
  startPosition: { row: number; column: number };
  children: (SyntaxNode | null)[];
}
