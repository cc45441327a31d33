/** Station settings. */
import { Type, type Static } from 'typebox';
import { DateTime, SenderAddress, SenderAddressInput } from './common';

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
const dailyBackupChoice = {
  enabled: Type.Boolean({ description: 'The station makes a backup of its database each day.' }),
  folder: Type.String({
    maxLength: 1024,
    description: 'Where the daily backups go (shipping-station-YYYY-MM-DD.db), as a full path; created if missing.',
  }),
  keep: Type.Integer({ minimum: 1, maximum: 366, description: 'How many of the newest daily backups are kept.' }),
};
const DailyBackup = Type.Object(
  {
    ...dailyBackupChoice,
    available: Type.Boolean({
      description: 'False on a shared PostgreSQL database: back that up with pg_dump instead.',
    }),
    lastBackupOn: Type.Union([DateTime, Type.Null()], { description: 'Since the station started.' }),
    lastBackupFile: Type.Union([Type.String(), Type.Null()]),
    problem: Type.Union([Type.String(), Type.Null()], {
      description: 'Why the last try failed; null once one succeeds.',
    }),
  },
  { description: "Extension: the daily backup a desk's station makes of its own SQLite database." },
);
export const StationSettings = Type.Object({
  senderAddress: SenderAddress,
  labelSize: Type.Enum(LABEL_SIZES),
  cn22MaxValue: Cn22MaxValue,
  auditDays: AuditDays,
  dailyBackup: DailyBackup,
});
export type StationSettings = Static<typeof StationSettings>;
export const UpdateSettingsRequest = Type.Object(
  {
    senderAddress: Type.Optional(SenderAddressInput),
    labelSize: Type.Optional(Type.Enum(LABEL_SIZES)),
    cn22MaxValue: Type.Optional(Cn22MaxValue),
    auditDays: Type.Optional(AuditDays),
    dailyBackup: Type.Optional(
      Type.Object(
        {
          enabled: Type.Optional(dailyBackupChoice.enabled),
          folder: Type.Optional(dailyBackupChoice.folder),
          keep: Type.Optional(dailyBackupChoice.keep),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
