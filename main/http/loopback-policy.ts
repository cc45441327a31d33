/**
 * Who may talk to the loopback API (docs/contract.md §1). Pure functions that parse instead of
 * matching substrings: `127.0.0.1.evil.com` or `localhost:7317@evil` must never pass.
 */

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'] as const;

/** The Host headers a request to this station may carry, for a 421 to list. */
export const allowedHosts = (port: number, bound?: string): string[] =>
  [...LOOPBACK_NAMES, ...(bound && !isLoopbackAddress(bound) ? [urlHost(bound)] : [])].map((name) => `${name}:${port}`);

/** A bound address as a URL's host: IPv6 in brackets. */
export const urlHost = (address: string): string => (address.includes(':') ? `[${address}]` : address);

/**
 * DNS-rebinding guard: the Host header must name loopback (or the one address the station
 * was told to bind, `bound`) and our own port.
 */
export function isAllowedHost(host: string | undefined, port: number, bound?: string): boolean {
  if (!host) return false;
  const names = bound ? [...LOOPBACK_NAMES, urlHost(bound).toLowerCase()] : LOOPBACK_NAMES;
  return names.some((name) => host.toLowerCase() === `${name}:${port}`);
}

/**
 * A browser sends Origin on cross-site requests. Only the station's own pages (served by
 * the same loopback server) may call the API from a browser.
 */
export function isAllowedOrigin(origin: string | undefined, port: number, bound?: string): boolean {
  if (origin === undefined) return true; // not a browser, or a same-origin GET
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (
    url.protocol === 'http:' &&
    url.port === String(port) &&
    url.username === '' &&
    url.password === '' &&
    (url.pathname === '/' || url.pathname === '') &&
    ([...LOOPBACK_NAMES, ...(bound ? [urlHost(bound).toLowerCase()] : [])] as string[]).includes(url.hostname) &&
    origin === `${url.protocol}//${url.host}`
  );
}

/** Addresses the server binds to by default: loopback only. */
export function isLoopbackAddress(address: string): boolean {
  return address === '127.0.0.1' || address === '::1' || address === 'localhost';
}

/** Every interface at once: no one name a request could be checked against. */
export function isWildcardAddress(address: string): boolean {
  return address === '0.0.0.0' || address === '::' || address === '';
}
