/**
 * Carrier, then one of its services (with its limits and scope) and any of its features.
 * Services and features load when the carrier changes.
 */
import type { Carrier, CarrierService } from '../../../main/core/schemas';
import { api } from '../api';
import { SelectField } from '../components/Field';
import { ErrorNotice } from '../components/Notice';
import { useLoad } from '../lib/use-load';

interface CarrierSectionProps {
  carriers: Carrier[];
  carrierId: string;
  serviceId: string;
  features: number[];
  international: boolean;
  errors: Record<string, string>;
  onCarrier: (carrierId: string) => void;
  onService: (serviceId: string) => void;
  onFeatures: (features: number[]) => void;
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
  const { carriers, carrierId, serviceId, features, international, errors } = props;
  const catalog = useLoad(carrierId ? `carrier-${carrierId}` : null, async () => {
    const params = { carrierId };
    const [services, featureList] = await Promise.all([
      api.listCarrierServices({ params }),
      api.listCarrierFeatures({ params }),
    ]);
    return { services: services.items, features: featureList.items };
  });
  const data = catalog.data;
  const service = data?.services.find((s) => String(s.id) === serviceId);
  const mismatch = service ? scopeMismatch(service, international) : null;

  return (
    <section className="card form-section" aria-labelledby="carrier-heading">
      <h2 id="carrier-heading" className="card-title">
        Carrier and service
      </h2>
      <div className="grid grid-3">
        <SelectField path="carrierId" label="Carrier" required value={carrierId} onValue={props.onCarrier} error={errors.carrierId}>
          <option value="">Choose a carrier…</option>
          {carriers.map((carrier) => (
            <option key={carrier.id} value={carrier.id}>
              {carrier.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          path="carrierServiceId"
          label="Service"
          required
          value={serviceId}
          onValue={props.onService}
          error={errors.carrierServiceId}
          disabled={!carrierId || catalog.loading}
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
          {data?.services.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.serviceCode})
            </option>
          ))}
        </SelectField>
        <fieldset className="field features">
          <legend className="field-label">Features</legend>
          {!carrierId ? <p className="field-hint">Choose a carrier first.</p> : null}
          {data && data.features.length === 0 ? <p className="field-hint">This carrier offers no features.</p> : null}
          <div className="feature-list">
            {data?.features.map((feature) => (
              <label key={feature.id} className="check-row">
                <input
                  type="checkbox"
                  checked={features.includes(feature.id)}
                  onChange={(e) =>
                    props.onFeatures(e.target.checked ? [...features, feature.id] : features.filter((id) => id !== feature.id))
                  }
                />
                <span>{feature.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      {mismatch ? <p className="field-hint text-warning">{mismatch}</p> : null}
      {catalog.error ? <ErrorNotice error={catalog.error} /> : null}
    </section>
  );
}
