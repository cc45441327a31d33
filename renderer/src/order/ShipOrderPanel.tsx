/**
 * "Ship order" on an order's page (docs/contract.md §18, §20, §21): the shipping rule's choice
 * (carrier, service, preset) with the operator's override beside it, the live weight from the
 * desk's scale, pieces added one box at a time, and Ship: POST /orders/{orderId}/ship, then
 * the label on the desk's label printer, and the packing slip after it when the desk prints
 * one with the label. Opened by a scan with "Ship when the weight is steady" on, it ships by
 * itself at the first steady weight above zero, once per scan. The
 * status line says what happened and how long it took from the scan, and takes the keyboard
 * so that the next scan lands on the page.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { OutputOf } from '../../../main/operations/spec';
import { DIMENSION_UNITS, type ShipOrderRequest } from '../../../main/core/schemas';
import { api, describeError, formErrors } from '../api';
import { TextField, DECIMAL_INPUT } from '../components/Field';
import { useDeskSettings } from '../lib/desk-settings';
import { plural } from '../lib/format';
import { printPackingSlips, printShipmentLabel } from '../lib/printing';
import { readingWords, scaleUnavailableReason } from '../lib/scale';
import { useScaleReading } from '../hooks/use-scale-reading';
import { CarrierServiceFields } from './CarrierServiceFields';
import { CatalogSelect } from './CatalogSelect';
import { presetWords, serviceWords, type Catalog } from './catalog';

type Order = OutputOf<'getOrder'>;
type Match = OutputOf<'matchRule'>;

export interface ShipLine {
  tone: 'success' | 'error' | 'info';
  text: string;
}

/** Seconds since `t0` as the status line says them: "0.4 s". */
const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

/**
 * Prints a new shipment's label where this desk prints, and says where for the status line:
 * "SS00001234 printed on Dock Zebra".
 */
export async function printForStatusLine(
  catalog: Catalog,
  shipmentId: string,
  shipmentNumber: string,
): Promise<string> {
  if (catalog.labelPrinter) {
    const sent = await api.printShipment({ params: { uniqueId: shipmentId }, query: {} });
    return `${shipmentNumber} printed on ${sent.printer}`;
  }
  const { message } = await printShipmentLabel(shipmentId);
  return `${shipmentNumber}: ${message.replace(/\.$/, '')}`;
}

/** The package a piece takes its size from: the order's own, else the chosen preset. */
function pieceSize(order: Order, catalog: Catalog, presetId: string) {
  const pack = order.package;
  if (pack && typeof pack.length === 'number' && typeof pack.width === 'number' && typeof pack.height === 'number') {
    const unit = DIMENSION_UNITS.find((u) => u === pack.dimensionUnit) ?? 'CM';
    return { length: pack.length, width: pack.width, height: pack.height, dimensionUnit: unit };
  }
  const preset = catalog.presets.find((p) => String(p.id) === presetId);
  return preset
    ? { length: preset.length, width: preset.width, height: preset.height, dimensionUnit: preset.dimensionUnit }
    : null;
}

export function ShipOrderPanel({
  order,
  match,
  catalog,
  scanStart,
  onShipped,
}: {
  order: Order;
  match: Match;
  catalog: Catalog;
  /** When the scan that opened this page was read; null when it was opened by hand. */
  scanStart: number | null;
  onShipped: (line: ShipLine) => void;
}) {
  const shipWhenSteady = useDeskSettings((s) => s.shipWhenSteady);
  const rule = match.then;
  const [carrierId, setCarrierId] = useState(rule ? String(rule.carrierId) : '');
  const [serviceId, setServiceId] = useState(rule ? String(rule.carrierServiceId) : '');
  const [presetId, setPresetId] = useState(rule?.presetId !== undefined ? String(rule.presetId) : '');
  const [typedWeight, setTypedWeight] = useState<string | null>(null);
  const [kept, setKept] = useState<number[]>([]);
  /** After "Add piece": the weight that was kept, until the scale shows the next box. */
  const [nextBoxAfter, setNextBoxAfter] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  /** One key per scan and body: a retried request makes no second shipment. */
  const idempotencyKey = useRef<string | null>(null);
  const fired = useRef(false);
  const shipButton = useRef<HTMLButtonElement>(null);

  const live = useScaleReading(true, { weightUnit: 'KG', intervalMs: scanStart === null ? 400 : 100 });
  const reading = live.reading;
  const steadyKg = reading?.state === 'steady' && reading.weight !== null && reading.weight > 0 ? reading.weight : null;
  // The next box is on once the scale moved or shows another weight.
  if (nextBoxAfter !== null && reading && (reading.state !== 'steady' || reading.weight !== nextBoxAfter))
    setNextBoxAfter(null);
  const scaleKg = nextBoxAfter === null ? steadyKg : null;
  const weightText = typedWeight ?? (scaleKg !== null ? String(scaleKg) : '');

  // Opened by a scan: the keyboard rests on Ship, so Enter ships.
  useLayoutEffect(() => {
    if (scanStart !== null) shipButton.current?.focus();
  }, [scanStart]);

  const overridden =
    serviceId !== (rule ? String(rule.carrierServiceId) : '') || carrierId !== (rule ? String(rule.carrierId) : '');
  const presetOverridden = presetId !== (rule?.presetId !== undefined ? String(rule.presetId) : '');

  async function ship(weightKg: number | null) {
    if (busy) return;
    setBusy(true);
    setError(null);
    const t0 = scanStart ?? performance.now();
    const weights = [...kept, ...(weightKg !== null ? [weightKg] : [])];
    const size = pieceSize(order, catalog, presetId);
    const body: ShipOrderRequest = {
      ...(overridden && serviceId ? { carrierId: Number(carrierId), carrierServiceId: Number(serviceId) } : {}),
      ...(presetOverridden && presetId ? { presetId: Number(presetId) } : {}),
      ...(weights.length > 0 && size
        ? { shipmentPieces: weights.map((weight) => ({ weight, weightUnit: 'KG' as const, ...size })) }
        : {}),
    };
    try {
      const made = await api.shipOrder({
        params: { orderId: order.orderId },
        body,
        headers: { 'idempotency-key': (idempotencyKey.current ??= crypto.randomUUID()) },
      });
      let text: string;
      let tone: ShipLine['tone'] = 'success';
      try {
        text = `${await printForStatusLine(catalog, made.shipmentId, made.shipmentNumber)}, ${seconds(t0)}`;
        // The packing slip follows its label when the desk says so; the ship stands either way.
        const slip = (await printPackingSlips([order.orderId], catalog.printers))?.get(order.orderId);
        if (slip) {
          text = `${text}. ${slip.text}`;
          if (!slip.ok) tone = 'error';
        }
      } catch (printError) {
        tone = 'error';
        text = `${made.shipmentNumber} created, but its label was not printed: ${describeError(printError)}`;
      }
      onShipped({ tone, text });
    } catch (failure) {
      // A changed body under the same key would be refused as a reuse: the next try is a new request.
      idempotencyKey.current = null;
      fired.current = true;
      setError(failure);
      setBusy(false);
    }
  }

  const typedKg = weightText.trim() === '' ? null : Number(weightText);
  const weightError =
    typedKg !== null && !(typedKg > 0) ? 'Weight must be a number above 0 kg, or empty for the items’ weight' : null;

  // Ship when the weight is steady: at the first steady weight above zero after the scan, once.
  useEffect(() => {
    if (!shipWhenSteady || scanStart === null || fired.current || kept.length > 0 || typedWeight !== null) return;
    if (scaleKg === null) return;
    fired.current = true;
    // After this render: shipping sets state of its own.
    queueMicrotask(() => void ship(scaleKg));
  });

  const addPiece = () => {
    if (typedKg === null || weightError) return;
    setKept((k) => [...k, typedKg]);
    setTypedWeight(null);
    setNextBoxAfter(scaleKg);
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyP') {
        event.preventDefault();
        addPiece();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const { byField, notice }: { byField: Record<string, string>; notice: string | null } = error
    ? formErrors(error, ['carrierServiceId', 'presetId', 'shipmentPieces'])
    : { byField: {}, notice: null };
  const unavailable = live.problem ? scaleUnavailableReason(live.problem) : null;
  const scaleWords = reading
    ? nextBoxAfter !== null
      ? 'Put the next box on the scale'
      : readingWords(reading)
    : unavailable === 'unset'
      ? 'No scale chosen (Settings → Scale): type the weight'
      : live.problem
        ? describeError(live.problem)
        : 'Reading the scale…';

  return (
    <section className="card ship-order" aria-labelledby="ship-order-heading">
      <h2 id="ship-order-heading" className="card-title">
        Ship order
      </h2>
      <p className="ship-rule" data-testid="rule-choice">
        {match.rule && rule ? (
          <>
            Rule “{match.rule.name}” chooses {serviceWords(catalog, rule.carrierId, rule.carrierServiceId)}
            {rule.presetId !== undefined ? `, ${presetWords(catalog, rule.presetId)}` : ''}.
          </>
        ) : (
          'No shipping rule matches this order: choose the carrier and service.'
        )}
        {overridden || presetOverridden ? <strong> Changed here for this order.</strong> : null}
      </p>
      <div className="grid grid-3">
        <CarrierServiceFields
          catalog={catalog}
          idScope="ship"
          paths={{ carrier: 'carrierId', service: 'carrierServiceId' }}
          carrierId={carrierId}
          serviceId={serviceId}
          onChange={(carrier, service) => {
            setCarrierId(carrier);
            setServiceId(service);
          }}
          errors={{ service: byField.carrierServiceId }}
        />
        <CatalogSelect
          path="presetId"
          idScope="ship"
          label="Package preset"
          value={presetId}
          onValue={setPresetId}
          error={byField.presetId}
          empty={order.package ? 'The order’s own package' : 'None'}
          items={catalog.presets}
          text={(p) => `${p.name} (${p.length}×${p.width}×${p.height} ${p.dimensionUnit.toLowerCase()})`}
        />
      </div>
      <div className="ship-weight">
        <TextField
          {...DECIMAL_INPUT}
          path="shipmentPieces"
          idScope="ship"
          label={kept.length > 0 ? `Piece ${kept.length + 1} weight (kg)` : 'Weight (kg)'}
          value={weightText}
          onValue={(v) => setTypedWeight(v)}
          error={weightError ?? byField.shipmentPieces}
          hint={`From the scale, or typed. Empty: the items’ weight, ${order.totalWeightKg} kg.`}
        />
        <p className="scale-live" data-testid="ship-scale" data-state={reading?.state ?? 'none'}>
          {scaleWords}
        </p>
      </div>
      {kept.length > 0 ? (
        <p data-testid="kept-pieces">
          {plural(kept.length, 'piece')} kept: {kept.map((w) => `${w} kg`).join(', ')}; the one on the scale is the
          last.
        </p>
      ) : null}
      <div className="button-group">
        <button
          ref={shipButton}
          type="button"
          className="button button-primary"
          disabled={busy || weightError !== null}
          onClick={() => void ship(typedKg)}
        >
          {busy ? 'Shipping…' : kept.length > 0 ? `Ship ${kept.length + 1} pieces` : 'Ship'}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy || typedKg === null || weightError !== null}
          aria-keyshortcuts="Alt+P"
          title="Keep this box's weight as a piece and weigh the next (Alt+P)"
          onClick={addPiece}
        >
          Add piece <kbd aria-hidden="true">Alt P</kbd>
        </button>
      </div>
      {notice ? (
        <p className="notice notice-error" role="alert">
          The order was not shipped: {notice}
        </p>
      ) : null}
    </section>
  );
}
