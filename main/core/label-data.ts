import type { Address, LabelSize } from './schemas';
import type { PieceRecord } from './storage';

/**
 * Everything a label shows, taken from stored shipment data only. The renderer is a pure
 * function of this value: the same LabelData always gives the same bytes.
 */
export interface LabelData {
  shipmentNumber: string;
  /** UTC ISO 8601, e.g. 2026-11-21T09:30:00.000Z */
  despatchDate: string;
  carrier: { code: string; name: string };
  service: { code: string; name: string };
  /** Names of the carrier features chosen, e.g. "Signature on delivery". */
  features: string[];
  collectionAddress: Address;
  deliveryAddress: Address;
  references: { one: string; two: string; three: string };
  deliveryInstructions: string;
  /** Customs fields; empty strings for a domestic shipment. */
  hsCode: string;
  descriptionOfGoods: string;
  pieces: LabelPiece[];
  /** An international shipment's declaration, for the customs forms (docs/contract.md §17). */
  customs?: CustomsDocumentData;
}

/** What the customs forms print: amounts already written in the shipment's currency. */
export interface CustomsDocumentData {
  form: 'CN22' | 'CN23';
  contentsType: string;
  /** The sender's customs numbers, '' where none (docs/contract.md §17). */
  senderNumbers: { eori: string; vat: string; ioss: string };
  /** Declared under the IOSS number: the forms print it. */
  iossApplied: boolean;
  currency: string;
  items: {
    description: string;
    quantity: number;
    /** e.g. "12.50" */
    unitValue: string;
    lineValue: string;
    netWeight: number;
    weightUnit: string;
    hsCode: string;
    originCountry: string;
  }[];
  totalValue: string;
  /** The items' net weight, in the first item's unit. */
  totalNetWeight: number;
  netWeightUnit: string;
  /** The pieces' weight as the shipment stores it. */
  grossWeight: number;
  grossWeightUnit: string;
}

/** A piece as it is stored: what its label shows. */
export type LabelPiece = PieceRecord;

/**
 * Labels on office paper: two 4×6 labels on an A4 or Letter sheet, or four A6 on A4, for a
 * desk whose label printer is an office printer (main/labels/office-sheet.ts).
 */
export const OFFICE_SHEETS = ['A4-2x4x6', 'Letter-2x4x6', 'A4-4xA6'] as const;
export type OfficeSheet = (typeof OFFICE_SHEETS)[number];
/** The label size each sheet holds. */
export const SHEET_LABEL_SIZE: Record<OfficeSheet, LabelSize> = {
  'A4-2x4x6': '4x6',
  'Letter-2x4x6': '4x6',
  'A4-4xA6': 'A6',
};
/** The paper each sheet is. */
export const SHEET_PAPER: Record<OfficeSheet, 'A4' | 'Letter'> = {
  'A4-2x4x6': 'A4',
  'Letter-2x4x6': 'Letter',
  'A4-4xA6': 'A4',
};

/**
 * The page of a batch document, and so its printer (docs/contract.md §17): a label size for the
 * label printer (labels, each followed by its CN22), or a sheet of them on office paper; A4
 * for the A4 printer (CN23s and commercial invoices).
 */
export type BatchPage = LabelSize | OfficeSheet | 'A4';

/** The two encodings of a label: a PDF, or ZPL II for a thermal printer at `dpi`. */
export type LabelFormat = 'pdf' | 'zpl';
export type LabelDpi = 203 | 300;

export interface LabelOptions {
  size: LabelSize;
  /** Default pdf. */
  format?: LabelFormat;
  /** ZPL only: the printer's resolution; default 203. */
  dpi?: LabelDpi;
  /** Render only these pieces (by sequence number), in this order; default all. */
  pieces?: number[];
  /**
   * Customs forms (data.customs): `only` the forms (a CN22 on `size`, a CN23 and invoice
   * on A4); `append` the CN22 after the labels (a CN23 is not appended).
   */
  customs?: 'only' | 'append';
  /** PDF only: the label pages (and a CN22 appended) placed on office sheets; `size` is then the sheet's. */
  sheet?: OfficeSheet;
}
