/** Station settings. */
import { Type, type Static } from 'typebox';
import { SenderAddress, SenderAddressInput } from './common';

export const LABEL_SIZES = ['4x6', 'A6'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];
/** Currency code → the highest total value declared on a CN22 (docs/contract.md §17). */
const Cn22MaxValue = Type.Record(Type.String({ pattern: '^[A-Z]{3}$' }), Type.Number({ minimum: 0, maximum: 1e12 }), {
  additionalProperties: false,
  description:
    'Extension: per currency, the highest total value a CN22 declares; above it, or for a currency not listed, a CN23.',
});
const AuditDays = Type.Integer({
  minimum: 1,
  maximum: 3650,
  description: 'Extension: how many days the audit trail keeps its entries (default 400).',
});
export const StationSettings = Type.Object({
  senderAddress: SenderAddress,
  labelSize: Type.Enum(LABEL_SIZES),
  cn22MaxValue: Cn22MaxValue,
  auditDays: AuditDays,
});
export type StationSettings = Static<typeof StationSettings>;
export const UpdateSettingsRequest = Type.Object(
  {
    senderAddress: Type.Optional(SenderAddressInput),
    labelSize: Type.Optional(Type.Enum(LABEL_SIZES)),
    cn22MaxValue: Type.Optional(Cn22MaxValue),
    auditDays: Type.Optional(AuditDays),
  },
  { additionalProperties: false },
);
