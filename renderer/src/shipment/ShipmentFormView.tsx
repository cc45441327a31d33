/**
 * The New shipment form, as useShipmentForm holds it. Each member of a refused request's
 * problem shows beside the field it names; the rest, with the detail, in a summary at the top
 * that takes focus. Ctrl/Cmd+Enter creates; a plain Enter in a field does not. The sender and
 * the features wait behind one disclosure.
 */
import type { Address, Carrier, PackagePreset } from '../../../main/core/schemas';
import { ErrorSummary } from '../components/ErrorSummary';
import { Notice } from '../components/Notice';
import { useShipmentForm } from '../hooks/use-shipment-form';
import { shipmentsRoute } from '../router/routes';
import { AddressFieldset } from './AddressFieldset';
import { AlreadyCreatedNotice } from './AlreadyCreatedNotice';
import { CarrierSection, FeaturesFieldset } from './CarrierSection';
import { CustomsItemsTable } from './CustomsItemsTable';
import { piecesWeight } from './customs-model';
import { DetailsSection } from './DetailsSection';
import type { AddressForm, ShipmentForm } from './form-model';
import { PiecesTable } from './PiecesTable';

/** The closed disclosure's one line: whose address and how many features. */
function optionsSummary(sender: AddressForm, features: number): string {
  const from =
    [sender.businessName || sender.fullName, sender.city].filter(Boolean).join(', ') || 'no sender address yet';
  return `From ${from} · ${features === 0 ? 'no features' : features === 1 ? '1 feature' : `${features} features`}`;
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
  const {
    form,
    fieldErrors,
    refusal,
    busy,
    already,
    copyNote,
    draftRestored,
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
  } = useShipmentForm({ carriers, sender, presets, initial, copiedFrom });

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

      {draftRestored ? (
        <Notice tone="info">The shipment you were typing before the window reloaded is back. Discard clears it.</Notice>
      ) : null}

      {already ? (
        <AlreadyCreatedNotice
          already={already}
          headingRef={alreadyHeading}
          onReprint={reprint}
          onOpen={leaveForm}
          onStartAnother={startAnother}
        />
      ) : null}

      {refusal && refusal.namedFields && refusal.unmapped.length + Object.keys(fieldErrors).length === 0 ? (
        <Notice tone="info">Every field marked is changed. Ctrl+Enter creates the shipment.</Notice>
      ) : refusal ? (
        <ErrorSummary
          title={refusal.title}
          detail={refusal.detail}
          unmapped={refusal.unmapped.map((u) => u.line)}
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
        onCarrier={change.carrier}
        onService={change.service}
      />

      <div className="grid grid-2 addresses">
        <AddressFieldset
          group="deliveryAddress"
          legend="Delivery address"
          value={form.deliveryAddress}
          errors={fieldErrors}
          onChange={change.deliveryAddress}
          note={
            international
              ? 'Another country: the customs fields below are required.'
              : 'Where the carrier delivers. Type a name to pick a saved address.'
          }
          onPick={change.pickDelivery}
          footer={
            <label className="check-row">
              <input
                type="checkbox"
                checked={form.saveDeliveryAddress ?? false}
                onChange={(e) => change.saveDeliveryAddress(e.target.checked)}
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
            onChange={change.collectionAddress}
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
            onFeatures={change.features}
          />
        </details>
      </div>

      <PiecesTable
        pieces={form.shipmentPieces}
        errors={fieldErrors}
        onChange={change.piece}
        onPieces={change.pieces}
        presets={presets}
        onPreset={change.preset}
      />

      <DetailsSection form={form} international={international} errors={fieldErrors} onChange={change.detail} />

      {international ? (
        <CustomsItemsTable
          items={form.customsItems}
          contentsType={form.contentsType}
          {...piecesWeight(form.shipmentPieces)}
          cost={Number(form.cost.replace(',', '.') || 0)}
          currency={form.currency}
          collectionCountry={form.collectionAddress.countryTwoCharacterISOCode}
          errors={fieldErrors}
          onItems={change.customsItems}
          onContentsType={change.contentsType}
          onFieldChange={(path) => clearError(path)}
        />
      ) : null}

      <footer className="form-footer">
        <label className="check-row">
          <input type="checkbox" checked={printOnCreate} onChange={(e) => change.printOnCreate(e.target.checked)} />
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
