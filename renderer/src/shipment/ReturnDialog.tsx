/**
 * "Create return" (docs/contract.md §23): a return service of the shipment's carrier for its
 * route, the return's reference (RMA- and the shipment's number unless typed), and whether its
 * label prints now or is saved as a PDF to send to the customer.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ShipmentDetail } from '../../../main/core/schemas';
import { api } from '../api';
import { TextField } from '../components/Field';
import { ErrorNotice } from '../components/Notice';
import { useLoad } from '../hooks/use-load';

export type ReturnLabel = 'print' | 'save';

export interface ReturnChoice {
  carrierServiceId: number | undefined;
  referenceOne: string;
  label: ReturnLabel;
}

interface ReturnDialogProps {
  open: boolean;
  shipment: ShipmentDetail;
  busy: boolean;
  /** The station's refusal, field by field. */
  errors: Record<string, string>;
  onCreate: (choice: ReturnChoice) => void;
  onClose: () => void;
}

export function ReturnDialog({ open, shipment, busy, errors, onCreate, onClose }: ReturnDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const international =
    shipment.collectionAddress.countryTwoCharacterISOCode !== shipment.deliveryAddress.countryTwoCharacterISOCode;
  const services = useLoad(open ? `return-services-${shipment.carrierId}` : null, async () => {
    const list = await api.listCarrierServices({ params: { carrierId: String(shipment.carrierId) } });
    const route = international ? 'international' : 'domestic';
    return list.items.filter((s) => s.isReturn && (s.scope === route || s.scope === 'both'));
  });
  const [serviceId, setServiceId] = useState('');
  const [reference, setReference] = useState('');
  const [label, setLabel] = useState<ReturnLabel>('print');
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const chosen = serviceId || String(services.data?.[0]?.id ?? '');
  const none = services.data !== undefined && services.data.length === 0;
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onCreate({
            carrierServiceId: chosen ? Number(chosen) : undefined,
            referenceOne: reference.trim(),
            label,
          });
        }}
      >
        <h2 id={titleId} className="dialog-title">
          Return of {shipment.shipmentNumber}
        </h2>
        <div className="dialog-body stack">
          <p>
            From {shipment.deliveryAddress.fullName || shipment.deliveryAddress.businessName} back to{' '}
            {shipment.collectionAddress.businessName || shipment.collectionAddress.fullName}, with the same pieces
            {international ? ', declared as Returned goods' : ''}.
          </p>
          {services.error ? <ErrorNotice error={services.error} /> : null}
          {none ? (
            <p className="notice notice-error" role="alert">
              {shipment.carrier} has no {international ? 'international' : 'domestic'} return service.
            </p>
          ) : (
            <div className={`field${errors.carrierServiceId ? ' field-invalid' : ''}`}>
              <label className="field-label" htmlFor="return-service">
                Return service
              </label>
              <select
                id="return-service"
                className="select"
                value={chosen}
                onChange={(e) => setServiceId(e.target.value)}
                aria-busy={services.loading}
              >
                {services.data?.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
              {errors.carrierServiceId ? <p className="field-error">{errors.carrierServiceId}</p> : null}
            </div>
          )}
          <TextField
            path="referenceOne"
            idScope="return"
            label="Return reference"
            hint={`Empty: RMA-${shipment.shipmentNumber}`}
            placeholder={`RMA-${shipment.shipmentNumber}`}
            maxLength={35}
            value={reference}
            error={errors.referenceOne}
            onValue={setReference}
          />
          <fieldset className="radio-row">
            <legend className="field-label">Its label</legend>
            <label className="radio-card">
              <input type="radio" name="return-label" checked={label === 'print'} onChange={() => setLabel('print')} />
              <span>
                <strong>Print now</strong>
                <span className="muted">On this desk’s label printer</span>
              </span>
            </label>
            <label className="radio-card">
              <input type="radio" name="return-label" checked={label === 'save'} onChange={() => setLabel('save')} />
              <span>
                <strong>Save as PDF</strong>
                <span className="muted">To send to the customer</span>
              </span>
            </label>
          </fieldset>
        </div>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Keep as it is
          </button>
          <button type="submit" className="button button-primary" disabled={busy || none || services.loading}>
            {busy ? 'Creating…' : 'Create return'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
