/** Listens on loopback (CONTRACT §1) and shuts down cleanly. */
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { Station } from '../core/station';
import { buildApp } from './app';
import { isLoopbackAddress } from './loopback-policy';

export const DEFAULT_PORT = 7317;

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
  if (!isLoopbackAddress(host)) {
    console.warn(`WARNING: binding ${host}, not loopback: other machines may reach this station's API.`);
  }
  const app = await buildApp({ station: options.station, port, rendererDir: options.rendererDir, logger: options.logger ?? false });
  await app.listen({ port, host });
  const actual = (app.server.address() as AddressInfo).port;
  return { app, url: `http://127.0.0.1:${actual}` };
}
