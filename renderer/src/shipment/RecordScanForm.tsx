/**
 * Record a carrier scan by hand: only the statuses the status life allows from the
 * shipment's current one (never Cancelled), where, what and who signed. Should the status
 * have moved on meanwhile, the station's refusal (409) is shown here.
 */
import { useState, type FormEvent } from 'react';
import type { TrackingResponse } from '../../../main/core/schemas';
import { api, ApiProblem, describeError } from '../api';
import { SelectField, TextField } from '../components/Field';
import { scanStatusesFrom } from '../lib/statuses';

interface RecordScanFormProps {
  shipmentId: string;
  /** The shipment's status now: it decides which scans are offered. */
  currentStatus: string;
  onRecorded: (tracking: TrackingResponse) => void;
  onClose: () => void;
}

export function RecordScanForm({ shipmentId, currentStatus, onRecorded, onClose }: RecordScanFormProps) {
  const allowed = scanStatusesFrom(currentStatus);
  const [chosen, setChosen] = useState<string>(allowed[0] ?? '');
  // A status that is no longer allowed (the shipment moved on) falls back to the first that is.
  const status = allowed.includes(chosen as (typeof allowed)[number]) ? chosen : (allowed[0] ?? '');
  const [location, setLocation] = useState('');
  const [description, setDescription] = useState('');
  const [signatory, setSignatory] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    setErrors({});
    try {
      const tracking = await api.recordCarrierEvent({
        params: { uniqueId: shipmentId },
        body: {
          status,
          ...(location.trim() ? { location: location.trim() } : {}),
          ...(description.trim() ? { description: description.trim() } : {}),
          ...(signatory.trim() ? { signatory: signatory.trim() } : {}),
        },
      });
      onRecorded(tracking);
    } catch (error) {
      // `status` is also a member of the problem itself, so the station names it `body.status`.
      const fields =
        error instanceof ApiProblem && error.status === 400
          ? Object.fromEntries(Object.entries(error.fields).map(([path, text]) => [path.replace(/^body\./, ''), text]))
          : {};
      setErrors(fields);
      // Field errors sit beside their fields; anything else is said once, above them.
      setRefusal(Object.keys(fields).length > 0 ? null : describeError(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card scan-form" onSubmit={submit} noValidate aria-labelledby="scan-heading">
      <div className="card-head">
        <h2 id="scan-heading" className="card-title">
          Record a scan
        </h2>
        <button type="button" className="button button-quiet button-small" onClick={onClose}>
          Close
        </button>
      </div>
      {refusal ? (
        <p className="notice notice-error" role="alert">
          {refusal}
        </p>
      ) : null}
      <div className="grid grid-4">
        <SelectField
          path="status"
          label="Status"
          value={status}
          onValue={setChosen}
          error={errors.status}
          hint={`Statuses that may follow ${currentStatus}.`}
          autoFocus
        >
          {allowed.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </SelectField>
        <TextField
          path="location"
          label="Location"
          value={location}
          onValue={setLocation}
          maxLength={70}
          error={errors.location}
        />
        <TextField
          path="description"
          label="Description"
          value={description}
          onValue={setDescription}
          maxLength={120}
          error={errors.description}
        />
        <TextField
          path="signatory"
          label="Signatory"
          value={signatory}
          onValue={setSignatory}
          maxLength={70}
          error={errors.signatory}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save scan'}
        </button>
      </div>
    </form>
  );
}
