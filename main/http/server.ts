/** Listens on loopback (docs/contract.md §1) and shuts down cleanly. */
import type { FastifyInstance } from 'fastify';
import { createServer, type AddressInfo } from 'node:net';
import type { Station } from '../core/station';
import { buildApp } from './app';
import { isLoopbackAddress, isWildcardAddress, urlHost } from './loopback-policy';

export const DEFAULT_PORT = 7317;

/** The Host check needs the one name requests use: every interface at once (0.0.0.0) has none. */
export function assertBindableHost(host: string): void {
  if (isWildcardAddress(host))
    throw new Error(`--host must be one address of this machine (e.g. 192.168.1.20), not ${host}.`);
}

export interface ServerOptions {
  station: Station;
  port?: number;
  /** Binding anything but loopback needs this explicit option and prints a warning. */
  host?: string;
  rendererDir?: string;
  logger?: boolean | object;
}

export async function startServer(options: ServerOptions): Promise<{ app: FastifyInstance; url: string }> {
  const port = options.port ?? DEFAULT_PORT;
  // Fastify binds `localhost` to every loopback address: 127.0.0.1 and ::1.
  const host = options.host ?? 'localhost';
  const loopback = isLoopbackAddress(host);
  assertBindableHost(host);
  if (!loopback) {
    console.warn(`WARNING: binding ${host}, not loopback: other machines may reach this station's API.`);
  }
  const app = await buildApp({
    station: options.station,
    port,
    ...(loopback ? {} : { host }),
    rendererDir: options.rendererDir,
    logger: options.logger ?? false,
  });
  try {
    await app.listen({ port, host });
  } catch (error) {
    // Taken since it was checked: said the same way.
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortTakenError(port);
    throw error;
  }
  const actual = (app.server.address() as AddressInfo).port;
  return { app, url: `http://${loopback ? '127.0.0.1' : urlHost(host)}:${actual}` };
}

/** The one line a person reads when the port is taken: which port, and the flag to change it. */
export const portTakenMessage = (port: number): string =>
  `Port ${port} is already in use (another station or program is listening on it); start on another port with --port, e.g. --port ${port === 65535 ? port - 1 : port + 1}.`;

export class PortTakenError extends Error {
  constructor(readonly port: number) {
    super(portTakenMessage(port));
    this.name = 'PortTakenError';
  }
}

/** Listens and lets go again, so that a taken port is known before anything else starts. */
function probe(port: number, host: string): Promise<'free' | 'taken' | 'no-such-address'> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve('taken');
      // A machine without IPv6 has no ::1 to be taken.
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT') resolve('no-such-address');
      else reject(error);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve('free')));
  });
}

/**
 * Throws PortTakenError when `port` is taken on the address the station would bind (both
 * loopback addresses by default). Port 0 asks the system for a free one: nothing to check.
 */
export async function assertPortFree(port: number, host?: string): Promise<void> {
  if (port === 0) return;
  const hosts = host && host !== 'localhost' ? [host] : ['127.0.0.1', '::1'];
  for (const address of hosts) {
    if ((await probe(port, address)) === 'taken') throw new PortTakenError(port);
  }
}
