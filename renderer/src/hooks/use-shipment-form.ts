/**
 * The New shipment form's state and effects; ShipmentFormView only renders them. One
 * Idempotency-Key per form until it is reset: a retry is never a second shipment, and a
 * retry the station answers as an earlier create says "Already created". The input is kept
 * as a draft while unsaved, and leaving asks first.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { Address, Carrier, PackagePreset } from '../../../main/core/schemas';
import { api, ApiProblem, describeError } from '../api';
import { useSession } from '../api/session';
import { updateDeskSettings, useDeskSettings } from '../lib/desk-settings';
import { fieldDomId, splitFieldErrors } from '../lib/field-errors';
import { startPrintOnCreate } from '../lib/pending-print';
import { guardLeaving, navigate } from '../router/navigation';
import { useCarrierCatalog } from '../shipment/CarrierSection';
import type { CustomsItemForm } from '../shipment/customs-model';
import { dropDraft, keepDraft, readDraft, sameInput } from '../shipment/form-draft';
import {
  addressFromSaved,
  emptyShipmentForm,
  formFieldPaths,
  isInternational,
  pieceFromPreset,
  presetOf,
  toCreateRequest,
  withSenderNumbers,
  type AddressForm,
  type PieceForm,
  type ShipmentForm,
} from '../shipment/form-model';

export interface Refusal {
  title: string;
  detail: string;
  /** What names no field on screen, each with the request path it is about. */
  unmapped: { path: string; line: string }[];
  /** The refusal named fields: once every one is changed, the summary says so instead. */
  namedFields: boolean;
  attempt: number;
}

/** A change to `path` answers what the refusal said about it, about a group holding it, or about what it holds. */
const touches = (changed: string, said: string) =>
  changed === said ||
  changed.startsWith(`${said}.`) ||
  changed.startsWith(`${said}[`) ||
  said.startsWith(`${changed}.`) ||
  said.startsWith(`${changed}[`);

/** A retry that the station answered as an earlier create (the shipment is unknown after an edit). */
export interface AlreadyCreated {
  shipmentId: string | null;
  shipmentNumber: string | null;
}

export type Route = Parameters<typeof navigate>[0];

type AddressGroup = 'collectionAddress' | 'deliveryAddress';
type DetailKey = Exclude<
  keyof ShipmentForm,
  | 'carrierId'
  | 'carrierServiceId'
  | 'carrierFeatures'
  | AddressGroup
  | 'shipmentPieces'
  | 'saveDeliveryAddress'
  | 'customsItems'
  | 'contentsType'
>;

export interface ShipmentFormSetup {
  carriers: Carrier[];
  sender: Address;
  presets: readonly PackagePreset[];
  /** A form to start from (Ship again) instead of an empty one. */
  initial?: ShipmentForm | undefined;
  /** The number of the shipment `initial` copies. */
  copiedFrom?: string | undefined;
}

const newKey = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Inputs that Enter presses, as a button; every other input's Enter would submit the form. */
const PRESSABLE_INPUTS = new Set(['button', 'submit', 'reset', 'image']);

const focusField = (path: string) => document.getElementById(fieldDomId(path))?.focus();

export function useShipmentForm({ carriers, sender, presets, initial, copiedFrom }: ShipmentFormSetup) {
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
  const leaveForm = (route: Route) => {
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
  // The keyboard always starts on the delivery name, whatever the desk remembers: the same keys
  // do the same thing on every new shipment (the carrier and service are just above it).
  useEffect(() => focusField('deliveryAddress.fullName'), []);
  const international = isInternational(form);
  const senderIsSet = Boolean(sender.addressLine1);
  const catalog = useCarrierCatalog(form.carrierId);
  // What an operator rarely changes waits behind one Tab stop; it opens by itself when it
  // needs typing (no sender address yet) or holds a refused field.
  const [optionsOpen, setOptionsOpen] = useState(!senderIsSet);

  // The summary follows the form: what a change answers leaves it, so it never lists what is fixed.
  const forgetUnmapped = (answered: (path: string) => boolean) =>
    setRefusal((r) =>
      r && r.unmapped.some((u) => answered(u.path))
        ? { ...r, unmapped: r.unmapped.filter((u) => !answered(u.path)) }
        : r,
    );
  const clearError = (...paths: string[]) => {
    setFieldErrors((errors) => {
      if (!paths.some((p) => p in errors)) return errors;
      const next = { ...errors };
      for (const p of paths) delete next[p];
      return next;
    });
    forgetUnmapped((said) => paths.some((changed) => touches(changed, said)));
  };
  const clearErrorsUnder = (prefix: string) => {
    setFieldErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([p]) => !p.startsWith(prefix))));
    forgetUnmapped((said) => said.startsWith(prefix));
  };

  const setAddress = (group: AddressGroup) => (key: keyof AddressForm, value: string) => {
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
    clearErrorsUnder('shipmentPieces');
  };

  const change = {
    carrier(carrierId: string) {
      setForm((f) => ({ ...f, carrierId, carrierServiceId: '', carrierFeatures: [] }));
      clearError('carrierId', 'carrierServiceId');
    },
    service(carrierServiceId: string) {
      setForm((f) => ({ ...f, carrierServiceId }));
      clearError('carrierServiceId');
    },
    features: (carrierFeatures: number[]) => setForm((f) => ({ ...f, carrierFeatures })),
    deliveryAddress: setAddress('deliveryAddress'),
    collectionAddress: setAddress('collectionAddress'),
    /** A saved address picked from the suggestions: the address is whole, so the keyboard goes on to the first piece. */
    pickDelivery(saved: Address) {
      setForm((f) => ({ ...f, deliveryAddress: addressFromSaved(saved) }));
      clearErrorsUnder('deliveryAddress.');
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[data-first-piece-field]')?.focus());
    },
    saveDeliveryAddress: (saveDeliveryAddress: boolean) => setForm((f) => ({ ...f, saveDeliveryAddress })),
    piece: setPiece,
    pieces: (pieces: PieceForm[]) => changePieces(() => pieces),
    /** A preset on a piece: filled, the keyboard goes to what a preset leaves open (the weight), or on. */
    preset(index: number, preset: PackagePreset) {
      changePieces((pieces) =>
        pieces.map((p, i) => (i === index ? pieceFromPreset(p, preset, presetOf(p, presets)) : p)),
      );
      requestAnimationFrame(() => focusField(`shipmentPieces[${index}].weight`));
    },
    detail(key: DetailKey, value: string) {
      setForm((f) => ({ ...f, [key]: value }));
      clearError(key);
    },
    customsItems(customsItems: CustomsItemForm[]) {
      setForm((f) => ({ ...f, customsItems }));
      clearError('customsItems');
    },
    contentsType(contentsType: string) {
      setForm((f) => ({ ...f, contentsType }));
      clearError('contentsType');
    },
    printOnCreate: (on: boolean) => updateDeskSettings({ printOnCreate: on }),
  };

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    // A ref, not the busy state: a second Ctrl+Enter before the next render sends nothing.
    if (sending.current) return;
    sending.current = true;
    const request = withSenderNumbers(toCreateRequest(form), sender);
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
        const { byField, unmapped, unmappedPaths } = splitFieldErrors(error.fields, formFieldPaths(form));
        setFieldErrors(byField);
        if (Object.keys(byField).some((p) => p.startsWith('collectionAddress.') || p.startsWith('carrierFeatures')))
          setOptionsOpen(true);
        setRefusal({
          title: error.status === 400 ? 'The shipment was not created' : error.title,
          detail: error.detail,
          unmapped: unmapped.map((line, i) => ({ path: unmappedPaths[i]!, line })),
          namedFields: unmapped.length + Object.keys(byField).length > 0,
          attempt: refusalCount,
        });
      } else {
        outcomeUnknown.current = true;
        setFieldErrors({});
        setRefusal({
          title: 'The shipment was not created',
          detail: describeError(error),
          unmapped: [],
          namedFields: false,
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
    requestAnimationFrame(() => focusField('deliveryAddress.fullName'));
  }

  /** Already created: print the earlier shipment's label again on its screen. */
  function reprint(shipmentId: string) {
    startPrintOnCreate(shipmentId);
    leaveForm({ page: 'shipment', id: shipmentId });
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

  return {
    form,
    fieldErrors,
    refusal,
    busy,
    already,
    copyNote,
    /** A draft that a reload of the window left came back. */
    draftRestored: start.draft !== null,
    international,
    senderIsSet,
    catalog,
    optionsOpen,
    setOptionsOpen,
    printOnCreate,
    formRef,
    alreadyHeading,
    change,
    clearError,
    submit,
    startAnother,
    reprint,
    leaveForm,
    onKeyDown,
  };
}
