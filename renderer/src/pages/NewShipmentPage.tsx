/**
 * New shipment. Loads the carriers and the station's sender address, then shows the form;
 * see ShipmentFormView for the form itself.
 */
import { api } from '../api';
import { ErrorNotice } from '../components/Notice';
import { useLoad } from '../hooks/use-load';
import { shipAgainForm } from '../shipment/form-model';
import { ShipmentFormView } from '../shipment/ShipmentFormView';

/** `from`: a shipment to ship again: the form starts as a copy of it. */
export function NewShipmentPage({ from }: { from?: string | undefined }) {
  const setup = useLoad(`new-shipment:${from ?? ''}`, async () => {
    const [carriers, settings, presets, previous] = await Promise.all([
      api.listCarriers(),
      api.getSettings(),
      api.listPackagePresets(),
      from ? api.getShipment({ params: { uniqueId: from } }) : Promise.resolve(undefined),
    ]);
    return {
      carriers: carriers.items,
      settings,
      presets: presets.items,
      initial: previous && shipAgainForm(previous),
      copiedFrom: previous?.shipmentNumber,
    };
  });

  if (setup.error) {
    return (
      <div className="page">
        <header className="page-header">
          <h1>New shipment</h1>
        </header>
        <ErrorNotice
          error={setup.error}
          action={
            <button type="button" className="button button-small" onClick={setup.reload}>
              Try again
            </button>
          }
        />
      </div>
    );
  }
  if (!setup.data) {
    return (
      <div className="page">
        <header className="page-header">
          <h1>New shipment</h1>
        </header>
        <p className="empty" role="status">
          Loading carriers…
        </p>
      </div>
    );
  }
  return (
    <ShipmentFormView
      carriers={setup.data.carriers}
      sender={setup.data.settings.senderAddress}
      presets={setup.data.presets}
      initial={setup.data.initial}
      copiedFrom={setup.data.copiedFrom}
    />
  );
}
