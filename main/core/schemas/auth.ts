/** Sign-in: the request and the tokens it answers. */
import { Type, type Static } from 'typebox';
import { DateTime } from './common';

export const AuthQuery = Type.Object(
  {
    option: Type.String({
      maxLength: 20,
      description: 'How to sign in: apikey, credentials or refresh (any case); the body holds that field.',
    }),
  },
  { additionalProperties: false },
);
export const AuthRequest = Type.Object(
  {
    apiKey: Type.Optional(Type.Object({ apiKey: Type.String({ maxLength: 200 }) }, { additionalProperties: false })),
    credentials: Type.Optional(
      Type.Object(
        { username: Type.String({ maxLength: 64 }), password: Type.String({ maxLength: 1024 }) },
        { additionalProperties: false },
      ),
    ),
    refreshToken: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type AuthRequest = Static<typeof AuthRequest>;
const TokenShape = Type.Object({ accessToken: Type.String(), expires: DateTime });
export const AuthResponse = Type.Object({
  token: TokenShape,
  refreshToken: TokenShape,
  errorMessage: Type.Union([Type.String(), Type.Null()]),
});
export type AuthResponse = Static<typeof AuthResponse>;
