/**
 * The window's pages come from `app://station/…`, a scheme of our own, not from file://:
 * a page on file:// shares its origin with every file on the disk (and, with the fuses in
 * electron-builder.yml, no longer has file:// privileges), while app://station is one
 * origin that serves only the built renderer folder. Mapping a request to a file is pure
 * (appFile) and tested without Electron.
 */
import { readFile } from 'node:fs/promises';
import { extname, relative, resolve, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../http/content-security-policy';

export const APP_SCHEME = 'app';
export const APP_HOST = 'station';
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * Registered before the app is ready: standard (relative URLs and an origin of its own),
 * secure (like https: for the web platform), fetch for pdf.js's worker and fonts.
 */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
} as const;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.bcmap': 'application/octet-stream',
  '.pfb': 'application/octet-stream',
};

export const contentType = (file: string): string => TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

/**
 * The file under `root` that `requestUrl` names, or null: another host, credentials, a
 * path that leaves the folder (`..`, an encoded `/` or `\`), or a broken escape.
 * `app://station/` is index.html.
 */
export function appFile(requestUrl: string, root: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || url.username || url.password) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.includes('\\') || path.split('/').includes('..')) return null;
  const file = resolve(root, `.${path === '/' ? '/index.html' : path}`);
  const inside = relative(resolve(root), file);
  if (inside === '' || inside.startsWith('..') || inside.startsWith(sep)) return null;
  return file;
}

/** Answers one app:// request: the file with its type and the app's CSP, or a 404. */
export async function appResponse(requestUrl: string, root: string): Promise<Response> {
  const file = appFile(requestUrl, root);
  const body = file === null ? null : await readFile(file).catch(() => null);
  if (file === null || body === null)
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  return new Response(new Uint8Array(body), {
    headers: {
      'content-type': contentType(file),
      // Header hooks do not run for custom schemes: the policy comes with each page.
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
    },
  });
}

/** Serves the renderer folder on app://station (Electron's protocol.handle). */
export function serveAppProtocol(
  protocol: { handle(scheme: string, handler: (request: Request) => Promise<Response>): void },
  root: string,
): void {
  protocol.handle(APP_SCHEME, (request) => appResponse(request.url, root));
}
