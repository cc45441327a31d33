/**
 * New shipment. Loads the carriers and the station's sender address, then shows the form;
 * see ShipmentFormView for the form itself.
 */
import { api } from '../api';
import { ErrorNotice } from '../components/Notice';
import { useLoad } from '../lib/use-load';
import { ShipmentFormView } from '../shipment/ShipmentFormView';

export function NewShipmentPage() {
  const setup = useLoad('new-shipment', async () => {
    const [carriers, settings] = await Promise.all([api.listCarriers(), api.getSettings()]);
    return { carriers: carriers.items, settings };
  });

  if (setup.error) {
    return (
      <div className="page">
        <header className="page-header">
          <h1>New shipment</h1>
        </header>
        <ErrorNotice error={setup.error} action={<button type="button" className="button button-small" onClick={setup.reload}>Try again</button>} />
      </div>
    );
  }
  if (!setup.data) {
    return (
      <div className="page">
        <header className="page-header">
          <h1>New shipment</h1>
        </header>
        <p className="empty" role="status">Loading carriers…</p>
      </div>
    );
  }
  return <ShipmentFormView carriers={setup.data.carriers} sender={setup.data.settings.senderAddress} />;
}
