/**
 * Help → Operator's Guide: docs/desk.md, shipped with the app (electron-builder.yml,
 * extraResources), shown as a page of its own in a window that runs no script. The page
 * is made here, in plain Node, so it is tested without Electron.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { marked } from 'marked';

export const GUIDE_FILE = join('docs', 'desk.md');

/** The guide beside the app: in a package under its resources, else in the repository. */
export const guideFile = (place: { packaged: boolean; resourcesPath: string; appRoot: string }): string =>
  join(place.packaged ? place.resourcesPath : place.appRoot, GUIDE_FILE);

/** The guide as one HTML page: no script may run, images only from inside the page. */
export function guidePage(markdown: string): string {
  // The guide is our own document, but the page allows nothing it does not need anyway.
  const body = marked.parse(markdown, { async: false, gfm: true });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>Shipping Station — Operator’s guide</title>
<style>
  body { margin: 0 auto; max-width: 46rem; padding: 24px 32px 48px; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1b2430; }
  h1, h2, h3 { line-height: 1.25; } h1 { border-bottom: 4px solid #2563a8; padding-bottom: 8px; }
  code, kbd { font: 13px/1.4 ui-monospace, Menlo, Consolas, monospace; background: #eef2f7; padding: 1px 4px; border-radius: 3px; }
  pre { background: #eef2f7; padding: 12px; overflow-x: auto; } table { border-collapse: collapse; }
  th, td { border: 1px solid #c9d2de; padding: 4px 8px; text-align: left; vertical-align: top; }
</style></head>
<body>${body}</body></html>`;
}

export const readGuidePage = (file: string): string => guidePage(readFileSync(file, 'utf8'));
