/** Shipments: create, list, view, labels, cancel, tracking and customs forms: rows of the operation table (see ../spec.ts). */
import * as S from '../../core/schemas';
import { jsonBody, operationRows } from './operation';

export const shipmentOperations = operationRows({
  createShipment: {
    method: 'POST', path: '/shipments', tag: 'Shipments', access: 'user',
    summary: 'Create a shipment: numbers, labels and tracking numbers for every piece',
    headers: S.IdempotencyHeaders, ...jsonBody(S.CreateShipmentRequest), response: S.CreateShipmentResponse,
    problems: { 409: 'This Idempotency-Key was used before with another body.' },
  },
  listShipments: {
    method: 'GET', path: '/shipments', tag: 'Shipments', access: 'user',
    summary: 'List shipments by date, status and page', query: S.ListShipmentsQuery, response: S.ShipmentList,
  },
  getShipment: {
    method: 'GET', path: '/shipments/{uniqueId}', tag: 'Shipments', access: 'user',
    summary: 'One shipment with its addresses, pieces and labels',
    params: S.ShipmentIdParams, response: S.ShipmentDetail,
  },
  trackShipmentPublic: {
    method: 'GET', path: '/shipments/{uniqueId}', tag: 'Tracking', access: 'public',
    summary: 'Public tracking view: a shipment id, shipment number or tracking number plus the delivery post code',
    params: S.TrackingReferenceParams, query: S.PublicTrackingQuery, response: S.TrackingResponse,
    selectedByQuery: 'postCode', documentedPath: '/tracking/{uniqueId}',
    problems: {
      404: 'No shipment has this reference, or its delivery post code is another (the same answer for both).',
      429: 'More than 60 tracking requests from this client in a minute: wait for Retry-After.',
    },
  },
  getShipmentLabel: {
    method: 'GET', path: '/shipments/{uniqueId}/label', tag: 'Shipments', access: 'user',
    summary: 'The label of every piece as one PDF or ZPL document; the shipment becomes Printed unless markPrinted=false',
    params: S.ShipmentIdParams, query: S.LabelQuery, response: S.LabelResponse,
    problems: { 409: 'The shipment is cancelled: it has no label to print.' },
  },
  cancelShipment: {
    method: 'DELETE', path: '/shipments/{uniqueId}', tag: 'Shipments', access: 'user',
    summary: 'Cancel a shipment', params: S.ShipmentIdParams, response: S.SuccessResponse,
    problems: { 409: 'The shipment’s status does not allow a cancel (it is with the carrier, or delivered).' },
  },
  recordCarrierEvent: {
    method: 'POST', path: '/shipments/{uniqueId}/events', tag: 'Tracking', access: 'user',
    summary: 'Record a carrier scan', params: S.ShipmentIdParams, ...jsonBody(S.CarrierEventRequest),
    response: S.TrackingResponse,
    problems: { 409: 'The shipment’s life does not allow this status after its current one.' },
  },
  getShipmentTracking: {
    method: 'GET', path: '/shipments/{uniqueId}/tracking', tag: 'Tracking', access: 'user',
    summary: 'Tracking status and history of a shipment', params: S.ShipmentIdParams,
    response: S.TrackingResponse,
  },
  printLabels: {
    method: 'POST', path: '/labels', tag: 'Shipments', access: 'user',
    summary: 'The labels of several shipments as one PDF, with an outcome per shipment; they become Printed',
    ...jsonBody(S.BulkLabelsRequest), response: S.BulkLabels,
  },
  getShipmentCustoms: {
    method: 'GET', path: '/shipments/{uniqueId}/customs', tag: 'Shipments', access: 'user',
    summary: 'The customs forms of an international shipment as one PDF (a CN22, or a CN23 and a commercial invoice), or the CN22 as ZPL',
    params: S.ShipmentIdParams, query: S.CustomsQuery, response: S.CustomsResponse,
  },
});
