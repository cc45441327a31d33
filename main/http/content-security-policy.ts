/**
 * The Content-Security-Policy of the app's pages: our own scripts only and no eval; inline
 * styles (React style props); images and workers from blob:/data: for pdf.js previews.
 * The headless server sends it as a header (main/http/app.ts), the desktop window's
 * session too (main/desktop/window.ts), and the build puts it into index.html as a <meta>.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  // Printing from a browser loads the label PDF into a hidden frame from a blob: URL.
  "frame-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * The policy while developing against Vite's dev server: its React Refresh preamble is an
 * inline script and hot reload talks over a WebSocket to the same host. Still no eval.
 */
export function devContentSecurityPolicy(devServerUrl: string): string {
  const server = new URL(devServerUrl);
  const socket = `${server.protocol === 'https:' ? 'wss:' : 'ws:'}//${server.host}`;
  return CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'").replace(
    "connect-src 'self'",
    `connect-src 'self' ${socket}`,
  );
}
