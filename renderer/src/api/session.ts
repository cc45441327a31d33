/**
 * Who is signed in. The access token lives in memory only; the refresh token in
 * sessionStorage, so a reload keeps the desk signed in but closing the window does not.
 * A tab opened from the desk (Ctrl+click on a shipment) starts with no storage of its own:
 * it borrows the access token of a signed-in tab of the same station over a BroadcastChannel
 * (same origin only), and asks again when that token ends, instead of asking to sign in.
 */
import { create } from 'zustand';
import type { AuthResponse, User } from '../../../main/core/schemas';
import { ApiProblem } from './problem';
import type { Transport } from './transport';

const REFRESH_KEY = 'shippingStation.refreshToken';
const TABS_CHANNEL = 'shippingStation.session';
/** How long a new tab waits for a signed-in tab to answer before it shows the sign-in. */
const BORROW_WAIT_MS = 400;

type TabMessage = { type: 'ask' } | { type: 'share'; accessToken: string; user: User };

function openTabsChannel(): BroadcastChannel | null {
  try {
    return typeof BroadcastChannel === 'function' ? new BroadcastChannel(TABS_CHANNEL) : null;
  } catch {
    return null;
  }
}

export type SessionPhase = 'restoring' | 'signed-out' | 'signed-in';

export interface SessionState {
  phase: SessionPhase;
  accessToken: string | null;
  user: User | null;
  /** Why the last session ended, shown on the sign-in screen. */
  notice: string | null;
}

export const useSession = create<SessionState>(() => ({
  phase: 'restoring',
  accessToken: null,
  user: null,
  notice: null,
}));

function storedRefreshToken(): string | null {
  try {
    return sessionStorage.getItem(REFRESH_KEY);
  } catch {
    return null;
  }
}

function storeRefreshToken(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(REFRESH_KEY, token);
    else sessionStorage.removeItem(REFRESH_KEY);
  } catch {
    // Storage can be unavailable (privacy modes); the session then ends with the page.
  }
}

export interface SessionController {
  signIn(username: string, password: string): Promise<void>;
  /** At start: turn a stored refresh token into a session, if there is one. */
  restore(): Promise<void>;
  /** Single-flight: concurrent 401s share one refresh (refresh tokens are single-use). */
  refresh(): Promise<boolean>;
  expire(reason: string): void;
  signOut(): void;
  /** Carries on with a new sign-in the station handed out (after a password change). */
  replaceSignIn(auth: AuthResponse): Promise<void>;
}

export function createSessionController(transport: Transport): SessionController {
  let refreshing: Promise<boolean> | null = null;
  const tabs = openTabsChannel();
  tabs?.addEventListener('message', (event: MessageEvent<TabMessage>) => {
    const { phase, accessToken, user } = useSession.getState();
    if (event.data.type === 'ask' && phase === 'signed-in' && accessToken && user)
      tabs.postMessage({ type: 'share', accessToken, user } satisfies TabMessage);
  });

  /** A tab with no refresh token of its own: a signed-in tab's access token, if one answers. */
  function borrowFromAnotherTab(): Promise<boolean> {
    if (!tabs) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (borrowed: boolean) => {
        clearTimeout(timer);
        tabs.removeEventListener('message', onShare);
        resolve(borrowed);
      };
      const onShare = (event: MessageEvent<TabMessage>) => {
        if (event.data.type !== 'share') return;
        const { accessToken, user } = event.data;
        useSession.setState({ phase: 'signed-in', accessToken, user, notice: null });
        done(true);
      };
      const timer = setTimeout(() => done(false), BORROW_WAIT_MS);
      tabs.addEventListener('message', onShare);
      tabs.postMessage({ type: 'ask' } satisfies TabMessage);
    });
  }

  async function adopt(auth: AuthResponse): Promise<void> {
    storeRefreshToken(auth.refreshToken.accessToken);
    const { user } = await transport.call<'getMe'>('getMe', auth.token.accessToken, {});
    useSession.setState({ phase: 'signed-in', accessToken: auth.token.accessToken, user, notice: null });
  }

  async function refreshOnce(): Promise<boolean> {
    const refreshToken = storedRefreshToken();
    if (!refreshToken) return borrowFromAnotherTab();
    try {
      const auth = await transport.call<'signIn'>('signIn', null, {
        query: { option: 'refresh' },
        body: { refreshToken },
      });
      await adopt(auth);
      return true;
    } catch (error) {
      // A used or expired refresh token is worthless; a station that is down is not its fault.
      if (error instanceof ApiProblem && error.status >= 400 && error.status < 500) storeRefreshToken(null);
      return false;
    }
  }

  const controller: SessionController = {
    async signIn(username, password) {
      const auth = await transport.call<'signIn'>('signIn', null, {
        query: { option: 'credentials' },
        body: { credentials: { username, password } },
      });
      await adopt(auth);
    },
    async restore() {
      const ok = await controller.refresh();
      if (!ok) useSession.setState({ phase: 'signed-out', accessToken: null, user: null });
    },
    refresh() {
      refreshing ??= refreshOnce().finally(() => {
        refreshing = null;
      });
      return refreshing;
    },
    expire(reason) {
      storeRefreshToken(null);
      useSession.setState({ phase: 'signed-out', accessToken: null, user: null, notice: reason });
    },
    signOut() {
      storeRefreshToken(null);
      useSession.setState({ phase: 'signed-out', accessToken: null, user: null, notice: null });
    },
    replaceSignIn: adopt,
  };
  return controller;
}
