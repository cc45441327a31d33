/** "Already created" on the New shipment form: a retry the station answered as an earlier create. */
import type { RefObject } from 'react';
import type { AlreadyCreated, Route } from '../hooks/use-shipment-form';
import { shipmentsRoute } from '../router/routes';

interface AlreadyCreatedNoticeProps {
  already: AlreadyCreated;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onReprint: (shipmentId: string) => void;
  onOpen: (route: Route) => void;
  onStartAnother: () => void;
}

/** "Already created": the station had this form's shipment before; nothing new was made. */
export function AlreadyCreatedNotice({
  already,
  headingRef,
  onReprint,
  onOpen,
  onStartAnother,
}: AlreadyCreatedNoticeProps) {
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
