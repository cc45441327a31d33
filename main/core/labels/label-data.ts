import type { Address, LabelSize } from '../schemas';

/**
 * Everything a label shows, taken from stored shipment data only. The renderer is a pure
 * function of this value: the same LabelData always gives the same PDF bytes.
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
}

export interface LabelPiece {
  /** 1-based position in the shipment. */
  sequenceNumber: number;
  trackingNumber: string;
  weight: number;
  weightUnit: string;
  length: number;
  width: number;
  height: number;
  dimensionUnit: string;
  description: string;
}

export interface LabelOptions {
  size: LabelSize;
  /** Render only these pieces (by sequence number), in this order; default all. */
  pieces?: number[];
}
