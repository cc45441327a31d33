/** Batch import of a CSV file. */
import { Type, type Static } from 'typebox';
import { DateTime } from './common';
import { BatchMarkPrinted, LABEL_FORMATS, LabelDpiSchema } from './shipments';

export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;
/** Far more than any order export has; a header of a million commas is refused before it is read. */
export const IMPORT_MAX_COLUMNS = 200;

export const ImportRequest = Type.String({
  maxLength: IMPORT_MAX_BYTES,
  contentMediaType: 'text/csv',
  description:
    'The CSV file itself (Content-Type: text/csv), UTF-8 with or without BOM, comma or semicolon separated, at most 200 columns.',
});

export const ImportQuery = Type.Object(
  {
    dryRun: Type.Optional(Type.Boolean({ description: 'Check every row, create nothing.' })),
    carrierId: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'For rows without one.' }),
    ),
    carrierServiceId: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'For rows without one.' }),
    ),
  },
  { additionalProperties: false },
);
export type ImportQuery = Static<typeof ImportQuery>;

export const ImportIdParams = Type.Object({
  importId: Type.String({ maxLength: 20, description: 'An integer import id.' }),
});
/** docs/contract.md §15 on an import's labels: the whole batch in one format. */
export const ImportLabelsQuery = Type.Object(
  {
    format: Type.Optional(
      Type.Enum(LABEL_FORMATS, { description: 'pdf (default) or zpl (ZPL II for a thermal printer).' }),
    ),
    dpi: Type.Optional(LabelDpiSchema),
    includeCustoms: Type.Optional(
      Type.Boolean({
        description: "Extension: each shipment's CN22 after its labels (nothing for a CN23), as on a shipment's label.",
      }),
    ),
    markPrinted: BatchMarkPrinted,
  },
  { additionalProperties: false },
);
export type ImportLabelsQuery = Static<typeof ImportLabelsQuery>;

/** An import still running, asked after by the Idempotency-Key it was sent with. */
export const ImportProgressParams = Type.Object({
  idempotencyKey: Type.String({
    minLength: 1,
    maxLength: 255,
    description: 'The Idempotency-Key of the running import.',
  }),
});
export const ImportProgress = Type.Object({
  rowsDone: Type.Integer({ description: 'Rows of the file with an outcome so far.' }),
  totalRows: Type.Integer(),
});
export type ImportProgress = Static<typeof ImportProgress>;

export const IMPORT_ROW_STATUSES = ['created', 'valid', 'invalid', 'skipped'] as const;
export const ImportRowResult = Type.Object({
  row: Type.Integer({ description: 'The row of the file, 1 being the first after the header.' }),
  status: Type.Enum(IMPORT_ROW_STATUSES, { description: '`valid`: would be created (dry run).' }),
  shipmentId: Type.Optional(Type.String({ format: 'uuid' })),
  shipmentNumber: Type.Optional(Type.String()),
  problems: Type.Optional(
    Type.Record(Type.String(), Type.String(), { description: 'Field path → what is wrong, as a 400 names it.' }),
  ),
  reason: Type.Optional(Type.String()),
});
export type ImportRowResult = Static<typeof ImportRowResult>;

export const ImportResult = Type.Object({
  importId: Type.Union([Type.Integer(), Type.Null()], { description: 'null for a dry run, which is not kept.' }),
  dryRun: Type.Boolean(),
  createdOn: DateTime,
  totalRows: Type.Integer(),
  created: Type.Integer(),
  valid: Type.Integer(),
  invalid: Type.Integer(),
  skipped: Type.Integer(),
  columns: Type.Array(Type.Object({ header: Type.String(), field: Type.Union([Type.String(), Type.Null()]) })),
  rows: Type.Array(ImportRowResult),
});
export type ImportResult = Static<typeof ImportResult>;
