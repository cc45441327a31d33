/**
 * Package presets (CONTRACT §14): boxes the desk ships often. In New shipment, a piece row's
 * Preset choice takes a preset's first letter and fills the row.
 */
import { useState, type FormEvent } from 'react';
import { DIMENSION_UNITS, WEIGHT_UNITS, type DimensionUnit, type PackagePreset, type WeightUnit } from '../../../main/core/schemas';
import { api, ApiProblem, describeError } from '../api';
import { TextField } from '../components/Field';
import { ErrorNotice, Notice } from '../components/Notice';
import { useLoad } from '../lib/use-load';

interface Editing {
  id: number | null;
  name: string;
  length: string;
  width: string;
  height: string;
  dimensionUnit: DimensionUnit;
  weight: string;
  weightUnit: WeightUnit;
  description: string;
}

const blank = (): Editing => ({ id: null, name: '', length: '', width: '', height: '', dimensionUnit: 'CM', weight: '', weightUnit: 'KG', description: '' });
const editingOf = (p: PackagePreset): Editing => ({
  id: p.id, name: p.name, length: String(p.length), width: String(p.width), height: String(p.height), dimensionUnit: p.dimensionUnit,
  weight: p.weight === null ? '' : String(p.weight), weightUnit: p.weightUnit, description: p.description,
});
export const describePreset = (p: PackagePreset): string =>
  `${p.length} × ${p.width} × ${p.height} ${p.dimensionUnit.toLowerCase()}${p.weight !== null ? `, ${p.weight} ${p.weightUnit.toLowerCase()}` : ''}`;

/** A number as typed, or NaN for the station to name (an empty required size is refused there). */
const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function PresetsPage() {
  const list = useLoad('presets', () => api.listPackagePresets());
  const [editing, setEditing] = useState<Editing | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const edit = (value: Editing | null) => {
    setEditing(value);
    setErrors({});
    setProblem(null);
    setDone(null);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!editing) return;
    const sizes = { length: num(editing.length), width: num(editing.width), height: num(editing.height) };
    const missing = Object.entries(sizes).filter(([, v]) => !(v > 0)).map(([k]) => k);
    if (missing.length > 0 || !editing.name.trim()) {
      setErrors(Object.fromEntries([...missing.map((k) => [k, 'must be more than 0']), ...(editing.name.trim() ? [] : [['name', 'is required']])]));
      setProblem('The preset was not saved: see the marked fields.');
      return;
    }
    const body = {
      name: editing.name, ...sizes, dimensionUnit: editing.dimensionUnit,
      weight: editing.weight.trim() === '' ? null : Number(editing.weight), weightUnit: editing.weightUnit, description: editing.description,
    };
    try {
      const saved = editing.id === null
        ? await api.createPackagePreset({ body })
        : await api.updatePackagePreset({ params: { presetId: String(editing.id) }, body });
      edit(null);
      setDone(`Saved ${saved.name}.`);
      list.reload();
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 400) {
        setErrors({ ...error.fields });
        setProblem('The preset was not saved: see the marked fields.');
      } else setProblem(describeError(error));
    }
  }

  async function remove(preset: PackagePreset) {
    try {
      await api.deletePackagePreset({ params: { presetId: String(preset.id) } });
      setDone(`Deleted ${preset.name}.`);
      list.reload();
    } catch (error) {
      setProblem(describeError(error));
    }
  }

  const text = (key: 'name' | 'length' | 'width' | 'height' | 'weight' | 'description', label: string, more: object = {}) =>
    editing ? (
      <TextField path={key} label={label} value={editing[key]} error={errors[key]} onValue={(v) => setEditing({ ...editing, [key]: v })} {...more} />
    ) : null;

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Package presets</h1>
          <p className="page-sub">In New shipment, a piece’s Preset takes a preset’s first letter and fills the piece.</p>
        </div>
        <div className="toolbar-right">
          <button type="button" className="button button-primary" onClick={() => edit(blank())}>
            Add preset
          </button>
        </div>
      </header>
      {done ? <Notice tone="success">{done}</Notice> : null}
      {editing ? (
        <form className="card preset-editor" onSubmit={save} aria-label={editing.id === null ? 'New package preset' : 'Change package preset'} noValidate>
          {problem ? <p className="field-error" role="alert">{problem}</p> : null}
          <div className="grid grid-2">
            {text('name', 'Name', { required: true, maxLength: 35, autoFocus: true })}
            {text('description', 'Description', { maxLength: 35 })}
            {text('length', 'Length', { required: true, type: 'number', min: '0', step: 'any', inputMode: 'decimal' })}
            {text('width', 'Width', { required: true, type: 'number', min: '0', step: 'any', inputMode: 'decimal' })}
            {text('height', 'Height', { required: true, type: 'number', min: '0', step: 'any', inputMode: 'decimal' })}
            <div className="field">
              <label className="field-label" htmlFor="preset-dimension-unit">Dimension unit</label>
              <select id="preset-dimension-unit" className="select" value={editing.dimensionUnit} onChange={(e) => setEditing({ ...editing, dimensionUnit: e.target.value as DimensionUnit })}>
                {DIMENSION_UNITS.map((u) => <option key={u}>{u}</option>)}
              </select>
            </div>
            {text('weight', 'Weight (optional)', { type: 'number', min: '0', step: 'any', inputMode: 'decimal' })}
            <div className="field">
              <label className="field-label" htmlFor="preset-weight-unit">Weight unit</label>
              <select id="preset-weight-unit" className="select" value={editing.weightUnit} onChange={(e) => setEditing({ ...editing, weightUnit: e.target.value as WeightUnit })}>
                {WEIGHT_UNITS.map((u) => <option key={u}>{u}</option>)}
              </select>
            </div>
          </div>
          <div className="form-footer-actions">
            <button type="button" className="button" onClick={() => edit(null)}>Cancel</button>
            <button type="submit" className="button button-primary">Save preset</button>
          </div>
        </form>
      ) : null}
      {list.error ? <ErrorNotice error={list.error} /> : null}
      {list.data && list.data.items.length === 0 ? <p className="empty">No presets yet.</p> : null}
      {list.data && list.data.items.length > 0 ? (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Package presets</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Size and weight</th>
                <th scope="col">Description</th>
                <th scope="col"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((p) => (
                <tr key={p.id}>
                  <td>{p.name}</td>
                  <td className="tabular">{describePreset(p)}</td>
                  <td>{p.description}</td>
                  <td className="row-actions">
                    <button type="button" className="button button-quiet button-small" aria-label={`Change ${p.name}`} onClick={() => edit(editingOf(p))}>Change</button>
                    <button type="button" className="button button-quiet button-small" aria-label={`Delete ${p.name}`} onClick={() => void remove(p)}>Delete</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
