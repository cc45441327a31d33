/** Printers, print jobs and batch printing. */
import { Type, type Static } from 'typebox';
import { DateTime } from './common';
import { CUSTOMS_FORMS, LABEL_FORMATS, LabelDpiSchema, SheetSchema } from './shipments';
import { LABEL_SIZES } from './station';

export const PrinterSchema = Type.Object({
  id: Type.String({ description: '`system:<queue>` or `network:<host>:<port>`.' }),
  name: Type.String(),
  kind: Type.Enum(['system', 'network'] as const),
  address: Type.Optional(Type.String({ description: 'host:port of a network printer.' })),
});
export const LabelPrinterChoiceSchema = Type.Object(
  {
    printerId: Type.Union([Type.String({ minLength: 1, maxLength: 300 }), Type.Null()]),
    format: Type.Enum(LABEL_FORMATS),
    dpi: LabelDpiSchema,
    pageSize: Type.Enum(LABEL_SIZES),
    sheet: Type.Optional(
      Type.Union([SheetSchema, Type.Null()], {
        description:
          'Extension: labels on office paper, PDF only (A4-2x4x6, Letter-2x4x6, A4-4xA6): the sheet decides pageSize; null or left out for a roll of labels.',
      }),
    ),
    documentPrinterId: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 300 }), Type.Null()], {
        description:
          'The desk’s A4 printer, for a CN23 and its commercial invoice (PDF at A4); null for none. Left out, the current one stays.',
      }),
    ),
  },
  { additionalProperties: false },
);
/** The desk's packing slip (docs/contract.md §18): its size, and whether it prints after each order's label. */
export const PackingSlipChoiceSchema = Type.Object(
  {
    size: Type.Enum(['A4', 'label'] as const, {
      description:
        'A4 (on the desk’s A4 printer; without one, on the label printer at the label’s size), or the label printer’s own page size.',
    }),
    printWithLabel: Type.Boolean({
      description: 'Shipping an order on this desk prints its packing slip after its label, as a job of its own.',
    }),
  },
  { additionalProperties: false },
);
export const PackingSlipPrintResponse = Type.Object({
  success: Type.Boolean(),
  printerId: Type.String(),
  printer: Type.String(),
  format: Type.Enum(LABEL_FORMATS),
  pageSize: Type.Enum(['A4', ...LABEL_SIZES] as const),
});
export const PrintJobSchema = Type.Object({
  printerId: Type.String(),
  printerName: Type.String(),
  what: Type.String(),
  at: DateTime,
  ok: Type.Boolean(),
  error: Type.Union([Type.String(), Type.Null()]),
});
export const PrinterOverviewSchema = Type.Object({
  items: Type.Array(PrinterSchema),
  labelPrinter: LabelPrinterChoiceSchema,
  packingSlip: PackingSlipChoiceSchema,
  lastJob: Type.Union([PrintJobSchema, Type.Null()]),
  systemError: Type.Union([Type.String(), Type.Null()], {
    description: 'Why the system printers could not be listed.',
  }),
});
export const AddNetworkPrinterRequest = Type.Object(
  {
    address: Type.String({ minLength: 1, maxLength: 300, description: 'host:port; the port is 9100 when left out.' }),
    name: Type.Optional(Type.String({ description: 'At most 80 characters; default "Label printer at <address>".' })),
  },
  { additionalProperties: false },
);
export const PrinterIdParams = Type.Object({ printerId: Type.String({ minLength: 1, maxLength: 300 }) });
export const PrintQuery = Type.Object(
  { printerId: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })) },
  { additionalProperties: false },
);
export const PrintResponse = Type.Object({
  success: Type.Boolean(),
  printerId: Type.String(),
  printer: Type.String(),
  format: Type.Enum(LABEL_FORMATS),
  status: Type.String({ description: "The shipment's status after the job." }),
  documentPrinter: Type.Optional(
    Type.String({
      description: 'The A4 printer that took the CN23 and commercial invoice, when the shipment needs them.',
    }),
  ),
});
/** What a batch print did with one shipment. */
export const BatchPrintItem = Type.Object({
  shipmentId: Type.String(),
  shipmentNumber: Type.Optional(Type.String()),
  ok: Type.Boolean({ description: 'true: its labels were in the job the printer took; it is Printed.' }),
  problem: Type.Optional(Type.String()),
  labels: Type.Optional(Type.Integer({ description: 'Its label pages in the label job (one a piece).' })),
  customsForm: Type.Optional(
    Type.Enum(CUSTOMS_FORMS, {
      description:
        "An international shipment's form: a CN22 printed after its labels in the label job, or a CN23 and its commercial invoice in the A4 job.",
    }),
  ),
});
export type BatchPrintItem = Static<typeof BatchPrintItem>;
/**
 * A batch print (an import's labels, or a selection's): ONE job on the desk's label printer
 * (labels, each shipment's CN22 after its labels) and, when any shipment needs a CN23, ONE
 * job on its A4 printer (every CN23 with its commercial invoice).
 */
export const BatchPrintResponse = Type.Object({
  success: Type.Boolean(),
  printerId: Type.String(),
  printer: Type.String(),
  format: Type.Enum(LABEL_FORMATS),
  documentPrinterId: Type.Optional(Type.String()),
  documentPrinter: Type.Optional(
    Type.String({ description: 'The A4 printer that took the CN23s and commercial invoices, when any was needed.' }),
  ),
  results: Type.Array(BatchPrintItem),
});
/** A shipment's CN23 and commercial invoice sent to the desk's A4 printer. */
export const CustomsPrintResponse = Type.Object({
  success: Type.Boolean(),
  printerId: Type.String(),
  printer: Type.String({ description: 'The A4 printer that took the job.' }),
  form: Type.Enum(CUSTOMS_FORMS),
});
/**
 * A batch whose labels went through the window (no label printer): a selection's shipments,
 * or imports' (an import may hold more shipments than a selection). Exactly one of the two.
 */
export const CustomsBatchRequest = Type.Object(
  {
    shipmentIds: Type.Optional(
      Type.Array(Type.String({ maxLength: 64 }), {
        minItems: 1,
        maxItems: 1000,
        description: 'The shipments, in the order their labels were printed.',
      }),
    ),
    importIds: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), {
        minItems: 1,
        maxItems: 100,
        description: 'Imports, in order: the shipments each created, in row order.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CustomsBatchRequest = Static<typeof CustomsBatchRequest>;
const CustomsBatchShipments = Type.Array(Type.Object({ shipmentId: Type.String(), shipmentNumber: Type.String() }), {
  description: 'The shipments that need a CN23, in the batch order: their CN23 and invoice are in the document.',
});
/** Every CN23 with its commercial invoice of a batch, as one A4 PDF for a print through the window. */
export const CustomsBatchResponse = Type.Object({
  format: Type.Literal('pdf'),
  base64String: Type.String({
    description: 'Each CN23 then its commercial invoice, on A4, in the batch order; empty when none needs one.',
  }),
  shipments: CustomsBatchShipments,
});
export type CustomsBatchResponse = Static<typeof CustomsBatchResponse>;
/** A batch's CN23s and commercial invoices sent to the desk's A4 printer as one job. */
export const CustomsBatchPrintResponse = Type.Object({
  success: Type.Boolean(),
  printerId: Type.Optional(Type.String({ description: 'Absent when no shipment needed a CN23 (nothing was sent).' })),
  printer: Type.Optional(Type.String({ description: 'The A4 printer that took the job.' })),
  shipments: CustomsBatchShipments,
});
export const TestPageQuery = PrintQuery;
export const TestPageResponse = Type.Object({
  success: Type.Boolean(),
  printerId: Type.String(),
  printer: Type.String(),
  format: Type.Enum(LABEL_FORMATS),
  dpi: LabelDpiSchema,
});
