/**
 * A network label printer by address (`host:port`, port 9100 by default): the job goes raw
 * over TCP, as every Zebra-compatible printer takes it.
 */
import { connect } from 'node:net';

export const DEFAULT_RAW_PORT = 9100;
const CONNECT_TIMEOUT_MS = 5000;
/** After our last byte, how long the printer may keep the connection before we let go. */
const CLOSE_GRACE_MS = 3000;

export interface NetworkAddress {
  host: string;
  port: number;
}

const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const IPV6 = /^[0-9A-Fa-f:.]+$/;

/** "printer.local", "10.0.0.7:9100", "[fe80::1]:6101" → host and port; a sentence when malformed. */
export function parseAddress(text: string): NetworkAddress | string {
  const t = text.trim();
  let host: string;
  let port: string | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(t);
  if (bracketed) {
    host = bracketed[1]!;
    port = bracketed[2];
    if (!IPV6.test(host) || !host.includes(':')) return `${text} is not an IPv6 address in brackets`;
  } else {
    const parts = t.split(':');
    if (parts.length > 2) return `${text}: write an IPv6 address in brackets, e.g. [fe80::1]:9100`;
    host = parts[0] ?? '';
    port = parts[1];
    if (!HOST_NAME.test(host)) return `${text} is not a host name or IPv4 address (e.g. 10.0.0.7:9100)`;
  }
  const n = port === undefined ? DEFAULT_RAW_PORT : Number(port);
  if (!Number.isInteger(n) || n < 1 || n > 65535 || (port !== undefined && !/^\d{1,5}$/.test(port))) {
    return `${port} is not a port (1 to 65535)`;
  }
  return { host, port: n };
}

export const formatAddress = (a: NetworkAddress) =>
  a.host.includes(':') ? `[${a.host}]:${a.port}` : `${a.host}:${a.port}`;

/** Why a connection failed, for an operator. */
function reasonFor(error: NodeJS.ErrnoException, address: string): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return `${address} refused the connection: is the printer on, and is the port right?`;
    case 'ETIMEDOUT':
      return `${address} did not answer within ${CONNECT_TIMEOUT_MS / 1000} s: is the printer on and on this network?`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${address} cannot be reached from this computer`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host name of ${address} is not known`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `${address} closed the connection before it took the whole job`;
    default:
      return `${address}: ${error.message}`;
  }
}

/**
 * Sends the bytes and resolves once every byte is written and the printer closed the
 * connection (or kept it open a moment after our last byte, as some do); rejects with a
 * sentence saying why otherwise.
 */
export function sendRaw(address: NetworkAddress, bytes: Buffer): Promise<void> {
  const label = formatAddress(address);
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const socket = connect({ host: address.host, port: address.port });
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(graceTimer);
      socket.destroy();
      if (error) reject(new Error(error));
      else resolve();
    };
    let graceTimer: NodeJS.Timeout | undefined;
    const connectTimer = setTimeout(
      () => finish(reasonFor(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }), label)),
      CONNECT_TIMEOUT_MS,
    );
    socket.once('connect', () => {
      clearTimeout(connectTimer);
      socket.end(bytes, () => {
        graceTimer = setTimeout(() => finish(), CLOSE_GRACE_MS);
      });
    });
    socket.on('data', () => {}); // a printer's status chatter is not ours to read
    socket.once('error', (error: NodeJS.ErrnoException) => finish(reasonFor(error, label)));
    socket.once('close', () => {
      if (socket.bytesWritten >= bytes.length) finish();
      else finish(reasonFor(Object.assign(new Error('closed'), { code: 'ECONNRESET' }), label));
    });
  });
}
