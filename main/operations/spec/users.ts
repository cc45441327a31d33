/** Administration: users and API keys: rows of the operation table (see ../spec.ts). */
import * as S from '../../core/schemas';
import { jsonBody, operationRows } from './operation';

export const userOperations = operationRows({
  listUsers: {
    method: 'GET',
    path: '/users',
    tag: 'Administration',
    access: 'admin',
    summary: 'The users of this station',
    response: S.UserList,
  },
  createUser: {
    method: 'POST',
    path: '/users',
    tag: 'Administration',
    access: 'admin',
    summary: 'Add a user',
    ...jsonBody(S.CreateUserRequest),
    response: S.User,
    problems: { 409: 'A user with this name exists.' },
  },
  updateUser: {
    method: 'PATCH',
    path: '/users/{userId}',
    tag: 'Administration',
    access: 'admin',
    summary: 'Change a user’s role, password or whether it is disabled',
    params: S.UserIdParams,
    ...jsonBody(S.UpdateUserRequest),
    response: S.User,
  },
  unlockUser: {
    method: 'POST',
    path: '/users/{userId}/unlock',
    tag: 'Administration',
    access: 'admin',
    summary: 'Lift a user’s sign-in lock (after 10 failed sign-ins) at every door',
    params: S.UserIdParams,
    response: S.User,
  },
  listApiKeys: {
    method: 'GET',
    path: '/api-keys',
    tag: 'Administration',
    access: 'admin',
    summary: 'The API keys in use (never the keys themselves)',
    response: S.ApiKeyList,
  },
  createApiKey: {
    method: 'POST',
    path: '/api-keys',
    tag: 'Administration',
    access: 'admin',
    summary: 'Create an API key; the key is shown in this response only',
    ...jsonBody(S.CreateApiKeyRequest),
    response: S.CreatedApiKey,
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/api-keys/{apiKeyId}',
    tag: 'Administration',
    access: 'admin',
    summary: 'Revoke an API key',
    params: S.ApiKeyIdParams,
    response: S.SuccessResponse,
  },
});
