/**
 * A carrier, then one of its services, from the catalog: choosing another carrier empties the
 * service. A service the catalog no longer has stays shown, named as gone, so it is not lost
 * silently.
 */
import { CatalogSelect } from './CatalogSelect';
import type { Catalog } from './catalog';

export function CarrierServiceFields({
  catalog,
  idScope,
  paths,
  carrierId,
  serviceId,
  onChange,
  errors = {},
  required,
}: {
  catalog: Catalog;
  idScope: string;
  /** The request paths the two fields stand for: a refusal naming one marks it. */
  paths: { carrier: string; service: string };
  carrierId: string;
  serviceId: string;
  onChange: (carrierId: string, serviceId: string) => void;
  errors?: { carrier?: string; service?: string };
  required?: boolean;
}) {
  const services = catalog.services.filter((s) => String(s.carrierId) === carrierId);
  return (
    <>
      <CatalogSelect
        path={paths.carrier}
        idScope={idScope}
        label="Carrier"
        required={required}
        value={carrierId}
        onValue={(v) => onChange(v, '')}
        error={errors.carrier}
        empty="Choose…"
        items={catalog.carriers}
      />
      <CatalogSelect
        path={paths.service}
        idScope={idScope}
        label="Service"
        required={required}
        value={serviceId}
        onValue={(v) => onChange(carrierId, v)}
        error={errors.service}
        empty="Choose…"
        items={services}
        gone={(id) => `Service ${id} (gone)`}
      />
    </>
  );
}
