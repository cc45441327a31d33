/** Users, API keys and the signed-in user. */
import { Type, type Static } from 'typebox';
import { DateTime } from './common';

export const ROLES = ['admin', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export const User = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  role: Type.Enum(ROLES),
  disabled: Type.Boolean(),
  createdOn: DateTime,
});
export type User = Static<typeof User>;
export const UserList = Type.Object({ items: Type.Array(User) });
export const CreateUserRequest = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ maxLength: 1024 }),
    role: Type.Optional(Type.Enum(ROLES)),
  },
  { additionalProperties: false },
);
export const UpdateUserRequest = Type.Object(
  {
    disabled: Type.Optional(Type.Boolean()),
    role: Type.Optional(Type.Enum(ROLES)),
    password: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  { additionalProperties: false },
);
export const UserIdParams = Type.Object({ userId: Type.String({ maxLength: 20 }) });
export const ChangeOwnPasswordRequest = Type.Object(
  {
    currentPassword: Type.String({ maxLength: 1024 }),
    newPassword: Type.String({ maxLength: 1024 }),
  },
  { additionalProperties: false },
);

export const ApiKey = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  prefix: Type.String({ description: 'The first characters of the key, to recognise it.' }),
  username: Type.String(),
  createdOn: DateTime,
  lastUsedOn: Type.Union([DateTime, Type.Null()]),
});
export type ApiKey = Static<typeof ApiKey>;
export const ApiKeyList = Type.Object({ items: Type.Array(ApiKey) });
export const CreateApiKeyRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64 }),
    username: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export const CreatedApiKey = Type.Object({
  apiKey: ApiKey,
  key: Type.String({ description: 'Shown once: the station stores only its hash.' }),
});
export const ApiKeyIdParams = Type.Object({ apiKeyId: Type.String({ maxLength: 20 }) });

export const Me = Type.Object({ user: User });
