/**
 * What the start window says while the station opens: opening the database, each schema
 * upgrade as "step n of m" with how far along the upgrade is, then starting. Pure, so the
 * words and the arithmetic are tested without Electron; splash.ts only shows them.
 */
import type { UpgradeStep } from './upgrade';

export interface StartView {
  title: string;
  detail: string;
  /** How much of the upgrade is done, 0 to 1; null while there is nothing to measure. */
  done: number | null;
}

export function startProgress() {
  /** The first upgrade's version: the count starts from the database's own version. */
  let first: number | undefined;
  return {
    opening: (): StartView => ({ title: 'Opening the database…', detail: '', done: null }),
    upgrading({ version, name, latest }: UpgradeStep): StartView {
      first ??= version;
      const steps = Math.max(latest - first + 1, 1);
      const step = Math.min(version - first + 1, steps);
      return {
        title: `Upgrading the database: step ${step} of ${steps}`,
        detail:
          `${name.replace(/-/g, ' ')}. On a large database this can take a few minutes; ` +
          'leave Shipping Station open until it is done.',
        done: (step - 1) / steps,
      };
    },
    starting: (): StartView => ({ title: 'Starting the station…', detail: '', done: first === undefined ? null : 1 }),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The start window's page: no script at all (its window runs none), a CSP that allows
 * nothing but its own inline style, and a bar that moves by itself while `done` is unknown.
 */
export function startPage(view: StartView): string {
  const bar =
    view.done === null
      ? '<progress aria-label="Progress"></progress>'
      : `<progress aria-label="Progress" max="100" value="${Math.round(view.done * 100)}"></progress>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Shipping Station</title>
<style>
  html, body { margin: 0; height: 100%; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1b2430; background: #fff; }
  main { box-sizing: border-box; height: 100%; padding: 28px 32px; display: flex; flex-direction: column; gap: 10px; border-top: 6px solid #2563a8; }
  h1 { margin: 0 0 8px; font-size: 20px; }
  p { margin: 0; }
  .title { font-weight: 600; }
  .detail { color: #4a5565; }
  progress { width: 100%; height: 10px; margin-top: auto; accent-color: #2563a8; }
</style></head>
<body><main role="status" aria-live="polite">
  <h1>Shipping Station</h1>
  <p class="title">${escapeHtml(view.title)}</p>
  <p class="detail">${escapeHtml(view.detail)}</p>
  ${bar}
</main></body></html>`;
}
