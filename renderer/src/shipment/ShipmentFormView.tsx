/**
 * The New shipment form. Each member of a refused request's problem shows beside the field it
 * names; the rest, with the detail, in a summary at the top that takes focus. Ctrl/Cmd+Enter
 * creates; a plain Enter in a field does not. The sender and the features wait behind one
 * disclosure. One Idempotency-Key per form until it is reset: a retry is never a second shipment,
 * and a retry the station answers as an earlier create says "Already created".
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import type { Address, Carrier, PackagePreset } from '../../../main/core/schemas';
import { api, ApiProblem, describeError } from '../api';
import { ErrorSummary } from '../components/ErrorSummary';
import { Notice } from '../components/Notice';
import { updateDeskSettings, useDeskSettings } from '../lib/desk-settings';
import { fieldDomId, splitFieldErrors } from '../lib/field-errors';
import { startPrintOnCreate } from '../lib/pending-print';
import { useSession } from '../api/session';
import { guardLeaving, navigate } from '../router/navigation';
import { shipmentsRoute } from '../router/routes';
import { AddressFieldset } from './AddressFieldset';
import { CarrierSection, FeaturesFieldset, useCarrierCatalog } from './CarrierSection';
import { CustomsItemsTable } from './CustomsItemsTable';
import { piecesWeight } from './customs-model';
import { DetailsSection } from './DetailsSection';
import {
  addressFromSaved,
  emptyShipmentForm,
  formFieldPaths,
  isInternational,
  pieceFromPreset,
  toCreateRequest,
  type AddressForm,
  type PieceForm,
  type ShipmentForm,
} from './form-model';
import { dropDraft, keepDraft, readDraft, sameInput } from './form-draft';
import { PiecesTable } from './PiecesTable';

interface Refusal {
  title: string;
  detail: string;
  unmapped: string[];
  attempt: number;
}

const newKey = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Inputs that Enter presses, as a button; every other input's Enter would submit the form. */
const PRESSABLE_INPUTS = new Set(['button', 'submit', 'reset', 'image']);

/** The closed disclosure's one line: whose address and how many features. */
function optionsSummary(sender: AddressForm, features: number): string {
  const from =
    [sender.businessName || sender.fullName, sender.city].filter(Boolean).join(', ') || 'no sender address yet';
  return `From ${from} · ${features === 0 ? 'no features' : features === 1 ? '1 feature' : `${features} features`}`;
}

/** A retry that the station answered as an earlier create (the shipment is unknown after an edit). */
interface AlreadyCreated {
  shipmentId: string | null;
  shipmentNumber: string | null;
}

interface ShipmentFormViewProps {
  carriers: Carrier[];
  sender: Address;
  presets?: PackagePreset[];
  /** A form to start from (Ship again) instead of an empty one. */
  initial?: ShipmentForm;
  /** The number of the shipment `initial` copies. */
  copiedFrom?: string | undefined;
}

export function ShipmentFormView({ carriers, sender, presets = [], initial, copiedFrom }: ShipmentFormViewProps) {
  const username = useSession((session) => session.user?.username ?? '');
  // What the form starts as, and a draft of this user's that a reload of the window left.
  const [start] = useState(() => {
    const { lastCarrierId, lastServiceId } = useDeskSettings.getState();
    const known = carriers.some((c) => String(c.id) === lastCarrierId);
    const fresh: ShipmentForm = initial ?? {
      ...emptyShipmentForm(sender),
      carrierId: known ? lastCarrierId : carriers.length === 1 ? String(carriers[0]!.id) : '',
      carrierServiceId: known ? lastServiceId : '',
    };
    return { fresh, draft: initial ? null : readDraft(username) };
  });
  const [form, setForm] = useState<ShipmentForm>(start.draft?.form ?? start.fresh);
  // Unsaved input: anything typed since the form started (or was started anew).
  const [baseline, setBaseline] = useState(start.fresh);
  const unsaved = !sameInput(form, baseline);
  // For the leave guard and the unload handler, which run outside React's renders.
  const unsavedRef = useRef(unsaved);
  useEffect(() => {
    unsavedRef.current = unsaved;
  }, [unsaved]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const printOnCreate = useDeskSettings((s) => s.printOnCreate);
  const [already, setAlready] = useState<AlreadyCreated | null>(null);
  // Written into its live region once the form is on screen, so that a screen reader says it too.
  const [copyNote, setCopyNote] = useState('');
  useEffect(() => {
    if (!copiedFrom) return;
    const timer = setTimeout(
      () => setCopyNote(`Copied from ${copiedFrom}: its addresses, service and pieces. References start empty.`),
      100,
    );
    return () => clearTimeout(timer);
  }, [copiedFrom]);
  const formRef = useRef<HTMLFormElement>(null);
  // One key for this form until it is reset: every retry (a second Ctrl+Enter, a try after
  // a lost answer, even after an edit) is the same create to the station, never a second one.
  // A refused body stores no key, so correcting fields and trying again is still one create.
  const idempotencyKey = useRef(start.draft?.idempotencyKey ?? newKey());

  // The draft follows the input; a create, Discard or leaving on purpose drops it.
  useEffect(() => {
    if (unsaved) keepDraft(username, { form, idempotencyKey: idempotencyKey.current });
    else dropDraft(username);
  }, [form, unsaved, username]);
  useEffect(
    () =>
      guardLeaving(() => {
        if (!unsavedRef.current) return true;
        if (!window.confirm('Leave this new shipment? What you typed is not created and will be lost.')) return false;
        dropDraft(username);
        return true;
      }),
    [username],
  );
  useEffect(() => {
    const onUnload = (event: BeforeUnloadEvent) => {
      // The draft survives a reload; closing the window would lose it, so the browser asks.
      if (unsavedRef.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, []);
  /** Leaves without asking: the input was created, or the operator discarded it. */
  const leaveForm = (route: Parameters<typeof navigate>[0]) => {
    unsavedRef.current = false;
    dropDraft(username);
    navigate(route);
  };
  const sending = useRef(false);
  // An earlier try whose answer never came: it may have been created.
  const outcomeUnknown = useRef(false);
  const alreadyHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (already) alreadyHeading.current?.focus();
  }, [already]);
  // The keyboard starts where the desk's typing starts: the delivery name once the carrier
  // and service are known (remembered, or shipped again), else the carrier.
  const firstField = useRef(form.carrierServiceId ? 'deliveryAddress.fullName' : 'carrierId');
  useEffect(() => document.getElementById(fieldDomId(firstField.current))?.focus(), []);
  const international = isInternational(form);
  const senderIsSet = Boolean(sender.addressLine1);
  const catalog = useCarrierCatalog(form.carrierId);
  // What an operator rarely changes waits behind one Tab stop; it opens by itself when it
  // needs typing (no sender address yet) or holds a refused field.
  const [optionsOpen, setOptionsOpen] = useState(!senderIsSet);

  const clearError = (...paths: string[]) =>
    setFieldErrors((errors) => {
      if (!paths.some((p) => p in errors)) return errors;
      const next = { ...errors };
      for (const p of paths) delete next[p];
      return next;
    });
  const clearPieceErrors = () =>
    setFieldErrors((errors) =>
      Object.fromEntries(Object.entries(errors).filter(([p]) => !p.startsWith('shipmentPieces'))),
    );

  const setAddress = (group: 'collectionAddress' | 'deliveryAddress') => (key: keyof AddressForm, value: string) => {
    setForm((f) => ({ ...f, [group]: { ...f[group], [key]: value } }));
    clearError(`${group}.${key}`);
  };
  const setPiece = (index: number, key: keyof PieceForm, value: string) => {
    setForm((f) => ({
      ...f,
      shipmentPieces: f.shipmentPieces.map((p, i) => (i === index ? { ...p, [key]: value } : p)),
    }));
    clearError(`shipmentPieces[${index}].${key}`);
  };
  const changePieces = (change: (pieces: PieceForm[]) => PieceForm[]) => {
    setForm((f) => ({ ...f, shipmentPieces: change(f.shipmentPieces) }));
    clearPieceErrors();
  };

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    // A ref, not the busy state: a second Ctrl+Enter before the next render sends nothing.
    if (sending.current) return;
    sending.current = true;
    const request = toCreateRequest(form);
    setBusy(true);
    try {
      const created = await api.createShipment({
        body: request,
        headers: { 'idempotency-key': idempotencyKey.current },
      });
      updateDeskSettings({ lastCarrierId: form.carrierId, lastServiceId: form.carrierServiceId });
      if (created.replayed) {
        setRefusal(null);
        setFieldErrors({});
        setAlready({ shipmentId: created.shipmentId, shipmentNumber: created.shipmentNumber });
        return;
      }
      if (printOnCreate) startPrintOnCreate(created.shipmentId);
      leaveForm({ page: 'shipment', id: created.shipmentId });
    } catch (error) {
      const refusalCount = (refusal?.attempt ?? 0) + 1;
      const answered = error instanceof ApiProblem && error.type !== '/problems/unreachable';
      if (answered && error.status === 409 && outcomeUnknown.current) {
        // This form's key already made a shipment (its answer was lost), and the form changed since.
        setRefusal(null);
        setFieldErrors({});
        setAlready({ shipmentId: null, shipmentNumber: null });
      } else if (answered) {
        const { byField, unmapped } = splitFieldErrors(error.fields, formFieldPaths(form));
        setFieldErrors(byField);
        if (Object.keys(byField).some((p) => p.startsWith('collectionAddress.') || p.startsWith('carrierFeatures')))
          setOptionsOpen(true);
        setRefusal({
          title: error.status === 400 ? 'The shipment was not created' : error.title,
          detail: error.detail,
          unmapped,
          attempt: refusalCount,
        });
      } else {
        outcomeUnknown.current = true;
        setFieldErrors({});
        setRefusal({
          title: 'The shipment was not created',
          detail: describeError(error),
          unmapped: [],
          attempt: refusalCount,
        });
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  /** A new, empty form with a new key: what comes next is another shipment. */
  function startAnother() {
    const next = { ...emptyShipmentForm(sender), carrierId: form.carrierId, carrierServiceId: form.carrierServiceId };
    setBaseline(next);
    setForm(next);
    setFieldErrors({});
    setRefusal(null);
    setAlready(null);
    setCopyNote('');
    idempotencyKey.current = newKey();
    outcomeUnknown.current = false;
    requestAnimationFrame(() => document.getElementById(fieldDomId('deliveryAddress.fullName'))?.focus());
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Enter') return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      formRef.current?.requestSubmit();
    } else if (event.target instanceof HTMLInputElement && !PRESSABLE_INPUTS.has(event.target.type)) {
      // A scanner's Enter, or a habit, in a field must not create a half-checked shipment.
      // (A suggestion list handles its own Enter first: picking still works.)
      event.preventDefault();
    }
  }

  return (
    <form
      ref={formRef}
      className="page new-shipment"
      onSubmit={submit}
      onKeyDown={onKeyDown}
      noValidate
      aria-labelledby="new-shipment-title"
    >
      <header className="page-header">
        <div>
          <h1 id="new-shipment-title">New shipment</h1>
          <p className="page-sub">
            Fields marked <span className="required">*</span> are required. <kbd>Ctrl</kbd>+<kbd>Enter</kbd> creates.
          </p>
          <p className="page-sub copied-from" role="status">
            {copyNote}
          </p>
        </div>
      </header>

      {start.draft ? (
        <Notice tone="info">The shipment you were typing before the window reloaded is back. Discard clears it.</Notice>
      ) : null}

      {already ? (
        <AlreadyCreatedNotice
          already={already}
          headingRef={alreadyHeading}
          onReprint={(id) => {
            startPrintOnCreate(id);
            leaveForm({ page: 'shipment', id });
          }}
          onOpen={leaveForm}
          onStartAnother={startAnother}
        />
      ) : null}

      {refusal ? (
        <ErrorSummary
          title={refusal.title}
          detail={refusal.detail}
          unmapped={refusal.unmapped}
          fields={fieldErrors}
          attempt={refusal.attempt}
        />
      ) : null}

      <CarrierSection
        carriers={carriers}
        catalog={catalog}
        carrierId={form.carrierId}
        serviceId={form.carrierServiceId}
        international={international}
        errors={fieldErrors}
        onCarrier={(carrierId) => {
          setForm((f) => ({ ...f, carrierId, carrierServiceId: '', carrierFeatures: [] }));
          clearError('carrierId', 'carrierServiceId');
        }}
        onService={(carrierServiceId) => {
          setForm((f) => ({ ...f, carrierServiceId }));
          clearError('carrierServiceId');
        }}
      />

      <div className="grid grid-2 addresses">
        <AddressFieldset
          group="deliveryAddress"
          legend="Delivery address"
          value={form.deliveryAddress}
          errors={fieldErrors}
          onChange={setAddress('deliveryAddress')}
          note={
            international
              ? 'Another country: the customs fields below are required.'
              : 'Where the carrier delivers. Type a name to pick a saved address.'
          }
          onPick={(saved) => {
            setForm((f) => ({ ...f, deliveryAddress: addressFromSaved(saved) }));
            setFieldErrors((errors) =>
              Object.fromEntries(Object.entries(errors).filter(([p]) => !p.startsWith('deliveryAddress.'))),
            );
            // The address is whole: the keyboard goes on to the first piece.
            requestAnimationFrame(() =>
              formRef.current?.querySelector<HTMLElement>('[data-first-piece-field]')?.focus(),
            );
          }}
          footer={
            <label className="check-row">
              <input
                type="checkbox"
                checked={form.saveDeliveryAddress ?? false}
                onChange={(e) => setForm((f) => ({ ...f, saveDeliveryAddress: e.target.checked }))}
              />
              <span>Save this address in the address book</span>
            </label>
          }
        />
        <details
          className="card sender-options"
          open={optionsOpen}
          onToggle={(e) => setOptionsOpen(e.currentTarget.open)}
        >
          <summary>
            <span className="card-title">Sender and options</span>
            <span className="card-note" data-testid="sender-options-summary">
              {optionsSummary(form.collectionAddress, form.carrierFeatures.length)}
            </span>
          </summary>
          <AddressFieldset
            group="collectionAddress"
            legend="Collection address"
            value={form.collectionAddress}
            errors={fieldErrors}
            onChange={setAddress('collectionAddress')}
            note={
              senderIsSet
                ? 'Prefilled from the station’s sender address.'
                : 'Tip: an administrator can set a sender address in Settings to prefill this.'
            }
          />
          <FeaturesFieldset
            catalog={catalog}
            carrierId={form.carrierId}
            features={form.carrierFeatures}
            onFeatures={(carrierFeatures) => setForm((f) => ({ ...f, carrierFeatures }))}
          />
        </details>
      </div>

      <PiecesTable
        pieces={form.shipmentPieces}
        errors={fieldErrors}
        onChange={setPiece}
        onPieces={(pieces) => changePieces(() => pieces)}
        presets={presets}
        onPreset={(index, preset) => {
          changePieces((pieces) => pieces.map((p, i) => (i === index ? pieceFromPreset(p, preset) : p)));
          // Filled: the keyboard goes to what a preset leaves open (the weight), or on.
          requestAnimationFrame(() => document.getElementById(fieldDomId(`shipmentPieces[${index}].weight`))?.focus());
        }}
      />

      <DetailsSection
        form={form}
        international={international}
        errors={fieldErrors}
        onChange={(key, value) => {
          setForm((f) => ({ ...f, [key]: value }));
          clearError(key);
        }}
      />

      {international ? (
        <CustomsItemsTable
          items={form.customsItems}
          contentsType={form.contentsType}
          {...piecesWeight(form.shipmentPieces)}
          cost={Number(form.cost.replace(',', '.') || 0)}
          currency={form.currency}
          collectionCountry={form.collectionAddress.countryTwoCharacterISOCode}
          errors={fieldErrors}
          onItems={(customsItems) => {
            setForm((f) => ({ ...f, customsItems }));
            clearError('customsItems');
          }}
          onContentsType={(contentsType) => {
            setForm((f) => ({ ...f, contentsType }));
            clearError('contentsType');
          }}
          onFieldChange={(path) => clearError(path)}
        />
      ) : null}

      <footer className="form-footer">
        <label className="check-row">
          <input
            type="checkbox"
            checked={printOnCreate}
            onChange={(e) => updateDeskSettings({ printOnCreate: e.target.checked })}
          />
          <span>Print the label on create</span>
        </label>
        <div className="form-footer-actions">
          <button type="button" className="button" onClick={() => leaveForm(shipmentsRoute())}>
            Discard
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={busy}
            aria-keyshortcuts="Control+Enter Meta+Enter"
          >
            {busy ? 'Creating…' : 'Create shipment'}
          </button>
        </div>
      </footer>
    </form>
  );
}

interface AlreadyCreatedNoticeProps {
  already: AlreadyCreated;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onReprint: (shipmentId: string) => void;
  onOpen: (route: Parameters<typeof navigate>[0]) => void;
  onStartAnother: () => void;
}

/** "Already created": the station had this form's shipment before; nothing new was made. */
function AlreadyCreatedNotice({ already, headingRef, onReprint, onOpen, onStartAnother }: AlreadyCreatedNoticeProps) {
  const { shipmentId, shipmentNumber } = already;
  return (
    <section className="notice notice-warning already-created" role="alert" aria-labelledby="already-created-heading">
      <div>
        <h2 id="already-created-heading" ref={headingRef} tabIndex={-1}>
          Already created — reprint the label?
        </h2>
        <p>
          {shipmentId
            ? `An earlier try of this form reached the station as ${shipmentNumber}: nothing new was created.`
            : 'An earlier try of this form reached the station before its answer was lost, and the form has changed since: nothing new was created. Find that shipment in Shipments to reprint its label.'}{' '}
          To send another parcel, start a new shipment.
        </p>
      </div>
      <div className="notice-actions">
        {shipmentId ? (
          <>
            <button type="button" className="button button-primary" onClick={() => onReprint(shipmentId)}>
              Reprint the label
            </button>
            <button type="button" className="button" onClick={() => onOpen({ page: 'shipment', id: shipmentId })}>
              Open {shipmentNumber}
            </button>
          </>
        ) : (
          <button type="button" className="button" onClick={() => onOpen(shipmentsRoute())}>
            Open Shipments
          </button>
        )}
        <button type="button" className="button" onClick={onStartAnother}>
          Start a new shipment
        </button>
      </div>
    </section>
  );
}
