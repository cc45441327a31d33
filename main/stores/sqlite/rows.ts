/** The shipment family's statements' column lists and row conversions on SQLite, from the column maps. */
import type { CustomsItemRecord, EventRecord, NewShipment, PieceRecord, ShipmentRecord } from '../../core/storage';
import { arrayReader, insertSql, reader, selectList, sqliteSelectList, values } from '../shared/columns';
import {
  CUSTOMS_ITEM_FIELDS,
  EVENT_FIELDS,
  LIST_FIELDS,
  NEW_SHIPMENT_FIELDS,
  PIECE_FIELDS,
  customsItems,
  pieces,
  shipments,
  trackingEvents,
} from '../shared/tables/shipments';
import { eventTextIds, type EventTexts } from './event-texts';

export const SHIPMENT_COLUMNS = selectList(shipments);
/** The list's columns: what a list item needs and nothing more. */
export const LIST_COLUMNS = selectList(shipments, LIST_FIELDS);
/** A list row read as an array of LIST_COLUMNS (raw mode) as its record. */
export const toListRecord = arrayReader('sqlite', shipments, LIST_FIELDS);
export const PIECE_COLUMNS = selectList(pieces, PIECE_FIELDS);
/** An event's texts read from event_texts (event-texts.ts). */
export const EVENT_COLUMNS = sqliteSelectList(trackingEvents, EVENT_FIELDS);
export const CUSTOMS_ITEM_COLUMNS = selectList(customsItems, CUSTOMS_ITEM_FIELDS);

export const INSERT_SHIPMENT = insertSql('sqlite', shipments, NEW_SHIPMENT_FIELDS);
export const INSERT_PIECE = insertSql('sqlite', pieces, ['shipmentId', ...PIECE_FIELDS]);
export const INSERT_EVENT = insertSql('sqlite', trackingEvents, ['shipmentId', ...EVENT_FIELDS]);
export const INSERT_CUSTOMS_ITEM = insertSql('sqlite', customsItems, ['shipmentId', ...CUSTOMS_ITEM_FIELDS]);

/** A row read through SHIPMENT_COLUMNS as its record (features and addresses decoded). */
export const toShipmentRecord: (row: unknown) => ShipmentRecord = reader('sqlite', shipments);
export const toEventRecord: (row: unknown) => EventRecord = reader('sqlite', trackingEvents, EVENT_FIELDS);

export const shipmentValues: (s: NewShipment) => unknown[] = values('sqlite', shipments, NEW_SHIPMENT_FIELDS);
const pieceValues = values('sqlite', pieces, ['shipmentId', ...PIECE_FIELDS]);
const customsItemValues = values('sqlite', customsItems, ['shipmentId', ...CUSTOMS_ITEM_FIELDS]);

export const pieceRow = (shipmentId: number, p: PieceRecord) => pieceValues({ shipmentId, ...p });
/** An event's values for INSERT_EVENT, its texts as their ids in `texts`. */
export function eventRows(texts: EventTexts): (shipmentId: number, e: EventRecord) => unknown[] {
  const eventValues = values('sqlite', trackingEvents, ['shipmentId', ...EVENT_FIELDS], eventTextIds(texts));
  return (shipmentId, e) => eventValues({ shipmentId, ...e });
}
export const customsItemRow = (shipmentId: number, i: CustomsItemRecord) => customsItemValues({ shipmentId, ...i });
