import { describe, expect, it, vi } from 'vitest';
import type { OperationName } from '../../../main/operations/spec';
import { createClient, type SessionHooks } from './client';
import { ApiProblem } from './problem';
import type { Transport } from './transport';

const unauthorized = () =>
  new ApiProblem({
    type: '/problems/unauthorized',
    title: 'Sign-in needed',
    status: 401,
    detail: 'expired',
    instance: '/me',
  });

function fakeTransport(
  answer: (name: OperationName, token: string | null) => unknown,
): Transport & { calls: [OperationName, string | null][] } {
  const calls: [OperationName, string | null][] = [];
  return {
    kind: 'http',
    calls,
    call: (async (name: OperationName, token: string | null) => {
      calls.push([name, token]);
      const result = answer(name, token);
      if (result instanceof Error) throw result;
      return result;
    }) as Transport['call'],
  };
}

function session(token: string | null, refreshTo: string | null): SessionHooks & { current: string | null } {
  const hooks = {
    current: token,
    accessToken: () => hooks.current,
    refresh: vi.fn(async () => {
      if (!refreshTo) return false;
      hooks.current = refreshTo;
      return true;
    }),
    expire: vi.fn(),
  };
  return hooks;
}

describe('the client', () => {
  it('has one method per operation of the table', () => {
    const client = createClient(
      fakeTransport(() => ({})),
      session('t', null),
    );
    expect(typeof client.listShipments).toBe('function');
    expect(typeof client.createShipment).toBe('function');
    expect(typeof client.trackShipmentPublic).toBe('function');
  });

  it('sends the access token', async () => {
    const transport = fakeTransport(() => ({ user: { username: 'a' } }));
    await createClient(transport, session('t1', null)).getMe();
    expect(transport.calls).toEqual([['getMe', 't1']]);
  });

  it('refreshes once on 401 and repeats the call with the new token', async () => {
    const transport = fakeTransport((_name, token) => (token === 'old' ? unauthorized() : { items: [] }));
    const hooks = session('old', 'new');
    await expect(createClient(transport, hooks).listCarriers()).resolves.toEqual({ items: [] });
    expect(transport.calls).toEqual([
      ['listCarriers', 'old'],
      ['listCarriers', 'new'],
    ]);
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
    expect(hooks.expire).not.toHaveBeenCalled();
  });

  it('ends the session when the refresh fails', async () => {
    const transport = fakeTransport(() => unauthorized());
    const hooks = session('old', null);
    await expect(createClient(transport, hooks).listCarriers()).rejects.toBeInstanceOf(ApiProblem);
    expect(hooks.expire).toHaveBeenCalledTimes(1);
    expect(transport.calls).toHaveLength(1);
  });

  it('does not refresh for public operations or other problems', async () => {
    const conflict = new ApiProblem({
      type: '/problems/conflict',
      title: 'Conflict',
      status: 409,
      detail: 'no',
      instance: '/',
    });
    const hooks = session('t', 'new');
    await expect(
      createClient(
        fakeTransport(() => conflict),
        hooks,
      ).cancelShipment({ params: { uniqueId: 'x' } }),
    ).rejects.toBe(conflict);
    await expect(
      createClient(
        fakeTransport(() => unauthorized()),
        hooks,
      ).trackShipmentPublic({ params: { uniqueId: 'x' }, query: { postCode: 'A' } }),
    ).rejects.toBeInstanceOf(ApiProblem);
    expect(hooks.refresh).not.toHaveBeenCalled();
  });
});
