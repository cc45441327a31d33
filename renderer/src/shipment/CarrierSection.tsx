/**
 * Carrier, then one of its services (with its limits and scope); and, apart, any of its
 * features (they sit behind the form's "Sender and options" disclosure). Services and
 * features load when the carrier changes.
 */
import type { Carrier, CarrierFeature, CarrierService } from '../../../main/core/schemas';
import { api } from '../api';
import { SelectField } from '../components/Field';
import { ErrorNotice } from '../components/Notice';
import { useLoad, type Loaded } from '../hooks/use-load';

export type CarrierCatalog = Loaded<{ services: CarrierService[]; features: CarrierFeature[] }>;

/** The chosen carrier's services and features, loaded again when the carrier changes. */
export function useCarrierCatalog(carrierId: string): CarrierCatalog {
  return useLoad(carrierId ? `carrier-${carrierId}` : null, async () => {
    const params = { carrierId };
    const [services, featureList] = await Promise.all([
      api.listCarrierServices({ params }),
      api.listCarrierFeatures({ params }),
    ]);
    // A return service is for a return made from a shipment's page, never for a new shipment.
    return { services: services.items.filter((s) => !s.isReturn), features: featureList.items };
  });
}

interface CarrierSectionProps {
  carriers: Carrier[];
  catalog: CarrierCatalog;
  carrierId: string;
  serviceId: string;
  international: boolean;
  errors: Record<string, string>;
  onCarrier: (carrierId: string) => void;
  onService: (serviceId: string) => void;
}

const SCOPES: Record<string, string> = {
  domestic: 'Domestic only',
  international: 'International only',
  both: 'Domestic and international',
};

function scopeMismatch(service: CarrierService, international: boolean): string | null {
  if (service.scope === 'domestic' && international) return 'This service does not carry between countries.';
  if (service.scope === 'international' && !international) return 'This service carries between countries only.';
  return null;
}

export function CarrierSection(props: CarrierSectionProps) {
  const { carriers, catalog, carrierId, serviceId, international, errors } = props;
  const data = catalog.data;
  const service = data?.services.find((s) => String(s.id) === serviceId);
  const mismatch = service ? scopeMismatch(service, international) : null;

  return (
    <section className="card form-section" aria-labelledby="carrier-heading">
      <h2 id="carrier-heading" className="card-title">
        Carrier and service
      </h2>
      <div className="grid grid-3">
        <SelectField
          path="carrierId"
          label="Carrier"
          required
          value={carrierId}
          onValue={props.onCarrier}
          error={errors.carrierId}
        >
          <option value="">Choose a carrier…</option>
          {carriers.map((carrier) => (
            <option key={carrier.id} value={carrier.id}>
              {carrier.name}
            </option>
          ))}
        </SelectField>
        {/* Busy, not disabled, while its services load: a quick Tab after the carrier lands here
            instead of skipping past a disabled field. */}
        <SelectField
          path="carrierServiceId"
          label="Service"
          required
          value={serviceId}
          onValue={props.onService}
          error={errors.carrierServiceId}
          disabled={!carrierId}
          aria-busy={catalog.loading}
          hint={
            service ? (
              <span className="service-limits">
                <span>Up to {service.maxWeightKg} kg a piece</span>
                <span>Longest side {service.maxLengthCm} cm</span>
                <span className={mismatch ? 'text-warning' : undefined}>{SCOPES[service.scope] ?? service.scope}</span>
              </span>
            ) : undefined
          }
        >
          <option value="">{catalog.loading ? 'Loading services…' : 'Choose a service…'}</option>
          {catalog.loading
            ? null
            : data?.services.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} ({s.serviceCode})
                </option>
              ))}
        </SelectField>
      </div>
      {mismatch ? <p className="field-hint text-warning">{mismatch}</p> : null}
      {catalog.error ? <ErrorNotice error={catalog.error} /> : null}
    </section>
  );
}

interface FeaturesFieldsetProps {
  catalog: CarrierCatalog;
  carrierId: string;
  features: number[];
  onFeatures: (features: number[]) => void;
}

export function FeaturesFieldset({ catalog, carrierId, features, onFeatures }: FeaturesFieldsetProps) {
  const data = catalog.loading ? undefined : catalog.data;
  return (
    <fieldset className="card features">
      <legend className="card-title">Features</legend>
      {!carrierId ? <p className="field-hint">Choose a carrier first.</p> : null}
      {data && data.features.length === 0 ? <p className="field-hint">This carrier offers no features.</p> : null}
      <div className="feature-list">
        {data?.features.map((feature) => (
          <label key={feature.id} className="check-row">
            <input
              type="checkbox"
              checked={features.includes(feature.id)}
              onChange={(e) =>
                onFeatures(e.target.checked ? [...features, feature.id] : features.filter((id) => id !== feature.id))
              }
            />
            <span>{feature.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
