/** The audit trail (docs/contract.md §22). */
import { Type, type Static } from 'typebox';
import { DateTime } from './common';

export const AuditQuery = Type.Object(
  {
    Kind: Type.Optional(
      Type.Union([Type.String({ maxLength: 400 }), Type.Array(Type.String({ maxLength: 100 }), { maxItems: 32 })], {
        description: 'Only these kinds (repeat it, or separate with commas), e.g. sign-in.refused, shipment.cancel.',
      }),
    ),
    User: Type.Optional(Type.String({ maxLength: 64, description: 'Only this user name (case ignored).' })),
    From: Type.Optional(Type.String({ maxLength: 40, description: 'From this date or date-time, inclusive.' })),
    To: Type.Optional(
      Type.String({ maxLength: 40, description: 'To this date-time, inclusive; a date alone covers its whole day.' }),
    ),
    Page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
    ItemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditItem = Type.Object({
  at: DateTime,
  user: Type.String({ description: 'Who: the user, or the name a refused sign-in tried.' }),
  via: Type.String({ description: '`window` (the desk app), `http` or `folder` (the desk’s watched folder).' }),
  apiKey: Type.Union([Type.String(), Type.Null()], { description: 'The API key’s name, where one was used.' }),
  kind: Type.String({ description: 'e.g. sign-in, sign-in.refused, user.update, shipment.cancel, label.print.' }),
  subject: Type.String({ description: 'What it was done to: a shipment number, a user, a printer, a URL.' }),
  detail: Type.Record(Type.String(), Type.Unknown(), { description: 'Before → after and the like; no secrets.' }),
});
export const AuditPage = Type.Object({ totalItems: Type.Integer(), items: Type.Array(AuditItem) });
