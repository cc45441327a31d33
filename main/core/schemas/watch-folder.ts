/** The desk's watched folder (docs/contract.md §19): its settings, and what became of the files it took. */
import { Type, type Static } from 'typebox';
import { DateTime } from './common';

export const WATCH_FOLDER_ACTIONS = ['orders', 'ship'] as const;
export type WatchFolderAction = (typeof WATCH_FOLDER_ACTIONS)[number];
export const FOLDER_ROW_STATUSES = ['created', 'shipped', 'refused', 'skipped'] as const;
export type FolderRowStatus = (typeof FOLDER_ROW_STATUSES)[number];
export const FOLDER_FILE_STATUSES = ['processing', 'done', 'failed'] as const;

export const WatchFolderSettingsSchema = Type.Object(
  {
    path: Type.Union([Type.String({ minLength: 1, maxLength: 1000 }), Type.Null()], {
      description:
        'The folder to watch, as this desk’s computer names it (`D:\\Orders`, `\\\\server\\share\\orders`, `/srv/orders`); null for none. The station must be able to read and write it.',
    }),
    action: Type.Enum(WATCH_FOLDER_ACTIONS, {
      description:
        '`orders`: each file’s orders are added. `ship`: each is also shipped, its label printed on this desk.',
    }),
    enabled: Type.Boolean({ description: 'false: the folder is kept but not watched.' }),
    columns: Type.Optional(
      Type.Record(Type.String(), Type.String({ maxLength: 100 }), {
        maxProperties: 500,
        description:
          'Column names of this desk’s files mapped to fields once, as the Import screen remembers them (header → `deliveryAddress.postZipCode`, `sku`, `shipmentPieces.weight`…); used for the columns the folder does not match by itself.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type WatchFolderSettings = Static<typeof WatchFolderSettingsSchema>;

/** One row of a file's result (`<name>.result.json`): an item line of a CSV, or an order of a JSON file. */
export const FolderRowResult = Type.Object({
  row: Type.Integer({
    description: 'The CSV line after the header (1 is the first), or the order’s place in a JSON file.',
  }),
  orderNumber: Type.String(),
  status: Type.Enum(FOLDER_ROW_STATUSES),
  orderId: Type.Union([Type.String(), Type.Null()]),
  shipmentNumber: Type.Union([Type.String(), Type.Null()]),
  problem: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()], {
    description: 'Why a row was refused, skipped or not printed: field path → sentence, as a 400 names them.',
  }),
});
export type FolderRowResult = Static<typeof FolderRowResult>;

export const FolderFileSchema = Type.Object({
  file: Type.String({ description: 'The file’s name as it was dropped.' }),
  status: Type.Enum(FOLDER_FILE_STATUSES),
  takenOn: DateTime,
  finishedOn: Type.Union([DateTime, Type.Null()]),
  rows: Type.Integer(),
  created: Type.Integer(),
  shipped: Type.Integer(),
  refused: Type.Integer(),
  skipped: Type.Integer(),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'Why a failed file was not read.' }),
});
export type FolderFile = Static<typeof FolderFileSchema>;

export const FolderActivitySchema = Type.Object({
  path: Type.Union([Type.String(), Type.Null()]),
  items: Type.Array(FolderFileSchema, { description: 'The files of the last days, newest first.' }),
});
export type FolderActivity = Static<typeof FolderActivitySchema>;
