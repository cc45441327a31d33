/** This desk's weighing scale (docs/contract.md §21): rows of the operation table (see ../spec.ts). */
import * as S from '../../core/schemas';
import { jsonBody, operationRows } from './operation';

const UNAVAILABLE =
  'No reading: `reason` is `unset` (no scale chosen), `silent` (no answer within a second, or not in the protocol chosen) or `unplugged` (the port is gone or will not open); `scale` names the port.';

export const scaleOperations = operationRows({
  listScalePorts: {
    method: 'GET',
    path: '/scale/ports',
    tag: 'Scale',
    access: 'user',
    summary: "The serial ports of this desk's computer, for Settings → Scale",
    response: S.ScalePortList,
  },
  getScale: {
    method: 'GET',
    path: '/scale',
    tag: 'Scale',
    access: 'user',
    summary: "This desk's scale: its port, protocol and serial settings",
    response: S.ScaleSettingsSchema,
  },
  setScale: {
    method: 'PUT',
    path: '/scale',
    tag: 'Scale',
    access: 'user',
    summary: "Choose this desk's scale: its port (null for none), protocol (nci, sics, continuous) and serial settings",
    ...jsonBody(S.ScaleSettingsSchema),
    response: S.ScaleSettingsSchema,
  },
  getScaleReading: {
    method: 'GET',
    path: '/scale/reading',
    tag: 'Scale',
    access: 'user',
    summary:
      "What the desk's scale says now: steady (with the weight), motion, overload or underload; never older than one second",
    query: S.ScaleReadingQuery,
    response: S.ScaleReadingSchema,
    problems: { 503: UNAVAILABLE },
  },
});
