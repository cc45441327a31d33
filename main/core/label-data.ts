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
 * The page of a batch document, and so its printer (docs/contract.md §17): a label size for the
 * label printer (labels, each followed by its CN22), A4 for the A4 printer (CN23s and
 * commercial invoices).
 */
export type BatchPage = LabelSize | 'A4';

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
}
