/**
 * Where a webhook may deliver: the station is a loopback service, so by default only to
 * this machine. Parsed, never substring-matched: `http://127.0.0.1.evil.example` and
 * `http://localhost@evil.example` are other hosts.
 */
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export type WebhookUrlVerdict = { ok: true; url: string } | { ok: false; reason: string };

/** True for 127.0.0.0/8, ::1 (and its IPv4-mapped form) and `localhost`. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.split('.')[0] === '127';
  if (isIP(host) === 6) return host === '::1' || /^::ffff:(127\.|7f[0-9a-f]{2}:)/.test(host);
  return false;
}

/**
 * True for link-local addresses (169.254.0.0/16, fe80::/10, and IPv4-mapped ones): where
 * cloud metadata services answer (169.254.169.254), never a webhook's listener.
 */
export function isLinkLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) === 4) return host.startsWith('169.254.');
  if (isIP(host) === 6) return /^fe[89ab][0-9a-f]:/.test(host) || /^::ffff:(169\.254\.|a9fe:)/.test(host);
  return false;
}

export function checkWebhookUrl(raw: string, allowRemoteHost: boolean): WebhookUrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: `${raw} is not an absolute URL (e.g. http://127.0.0.1:8080/hooks)` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    // `localhost:8080/hooks` parses with "localhost:" as its scheme: it only lacks its start.
    return raw.includes('://')
      ? { ok: false, reason: `must start with http:// or https://, not ${url.protocol}//` }
      : { ok: false, reason: `must start with http:// or https:// (e.g. http://${raw})` };
  }
  if (url.username || url.password)
    return { ok: false, reason: 'must not hold a user name or password; the deliveries are signed instead' };
  if (url.hash) return { ok: false, reason: 'must not have a #fragment' };
  if (isLinkLocalHost(url.hostname)) {
    return {
      ok: false,
      reason: `${url.hostname} is a link-local address (a cloud metadata service), never a webhook's`,
    };
  }
  if (!allowRemoteHost && !isLoopbackHost(url.hostname)) {
    return {
      ok: false,
      reason: `${url.hostname} is not this machine; an administrator may allow another host with allowRemoteHost: true`,
    };
  }
  return { ok: true, url: url.href };
}

const linkLocalName = (hostname: string, address: string) =>
  `${hostname} resolves to ${address}, a link-local address (a cloud metadata service), never a webhook's`;

/** Every address a host name has now: the system's resolver (a test hands in its own). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;
const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true });

/** Why a host name is no webhook's: it resolves to a link-local address now. Null when not (or not resolvable yet). */
export async function linkLocalNameProblem(hostname: string, resolve: Resolve = systemResolve): Promise<string | null> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return null;
  const bad = (await resolve(host).catch(() => [])).find((a) => isLinkLocalHost(a.address));
  return bad ? linkLocalName(host, bad.address) : null;
}

/** Where a delivery may connect: every address its host has now, each one allowed; or why it is not sent. */
export type DeliveryTarget = { addresses: LookupAddress[] } | { refused: string };

/**
 * The addresses a delivery to `hostname` connects to, checked when it is sent: a name that
 * was harmless when the webhook was made may resolve elsewhere since (DNS rebinding). Any
 * link-local address, or without `allowRemoteHost` any address not on this machine, refuses
 * the delivery. A name that does not resolve rejects, as an unreachable listener would.
 */
export async function deliveryTarget(
  hostname: string,
  allowRemoteHost: boolean,
  resolve: Resolve = systemResolve,
): Promise<DeliveryTarget> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  const addresses = family !== 0 ? [{ address: host, family }] : await resolve(host);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  const named = (address: string) => (family !== 0 ? `${address} is` : `${host} resolves to ${address},`);
  for (const { address } of addresses) {
    if (isLinkLocalHost(address))
      return { refused: `${named(address)} a link-local address (a cloud metadata service), never a webhook's` };
    if (!allowRemoteHost && !isLoopbackHost(address))
      return {
        refused: `${named(address)} not this machine; an administrator may allow another host with allowRemoteHost: true`,
      };
  }
  return { addresses };
}
