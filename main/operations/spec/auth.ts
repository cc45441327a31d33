/** Signing in and the signed-in user: rows of the operation table (see ../spec.ts). */
import * as S from '../../core/schemas';
import { jsonBody, operationRows } from './operation';

export const authOperations = operationRows({
  signIn: {
    method: 'POST',
    path: '/auth',
    tag: 'Authentication',
    access: 'public',
    summary: 'Sign in by API key, by user name and password, or with a refresh token',
    query: S.AuthQuery,
    ...jsonBody(S.AuthRequest),
    response: S.AuthResponse,
    problems: {
      429: 'Ten failed sign-ins with this user name, API key or refresh token within 15 minutes: wait for Retry-After (an administrator may unlock a user sooner).',
    },
  },
  getMe: {
    method: 'GET',
    path: '/me',
    tag: 'Authentication',
    access: 'user',
    summary: 'The signed-in user',
    response: S.Me,
  },
  changeOwnPassword: {
    method: 'POST',
    path: '/me/password',
    tag: 'Authentication',
    access: 'user',
    summary: 'Change your own password; your other sign-ins end, and this call returns a new sign-in for this one',
    ...jsonBody(S.ChangeOwnPasswordRequest),
    response: S.AuthResponse,
  },
});
