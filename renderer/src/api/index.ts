/**
 * The one client of this window. Inside Electron the preload bridge carries the calls over
 * IPC; in a browser they go over HTTP to the origin that served the page.
 */
import { stationBridge } from './bridge';
import { createClient } from './client';
import { httpTransport } from './http-transport';
import { ipcTransport } from './ipc-transport';
import { createSessionController, useSession } from './session';
import type { Transport } from './transport';

function chooseTransport(): Transport {
  const bridge = stationBridge();
  return bridge ? ipcTransport(bridge) : httpTransport(window.location.origin);
}

export const transport = chooseTransport();
export const session = createSessionController(transport);
export const api = createClient(transport, {
  accessToken: () => useSession.getState().accessToken,
  refresh: () => session.refresh(),
  expire: (reason) => session.expire(reason),
});

export { ApiProblem, describeError, errorsToShow, formErrors, isApiProblem } from './problem';
export { useSession } from './session';
