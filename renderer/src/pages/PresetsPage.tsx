/**
 * Package presets (docs/contract.md §14): boxes the desk ships often. In New shipment, a piece row's
 * Preset choice takes a preset's first letter and fills the row.
 */
import {
  DIMENSION_UNITS,
  WEIGHT_UNITS,
  type DimensionUnit,
  type PackagePreset,
  type WeightUnit,
} from '../../../main/core/schemas';
import { api } from '../api';
import { DECIMAL_INPUT, Options, SelectField, TextField } from '../components/Field';
import { RecordEditorForm, RecordRowActions } from '../components/RecordEditorForm';
import { RecordTable } from '../components/RecordTable';
import { useLoad } from '../hooks/use-load';
import { useRecordEditor } from '../hooks/use-record-editor';

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

const blank = (): Editing => ({
  id: null,
  name: '',
  length: '',
  width: '',
  height: '',
  dimensionUnit: 'CM',
  weight: '',
  weightUnit: 'KG',
  description: '',
});
const editingOf = (p: PackagePreset): Editing => ({
  id: p.id,
  name: p.name,
  length: String(p.length),
  width: String(p.width),
  height: String(p.height),
  dimensionUnit: p.dimensionUnit,
  weight: p.weight === null ? '' : String(p.weight),
  weightUnit: p.weightUnit,
  description: p.description,
});
export const describePreset = (p: PackagePreset): string =>
  `${p.length} × ${p.width} × ${p.height} ${p.dimensionUnit.toLowerCase()}${p.weight !== null ? `, ${p.weight} ${p.weightUnit.toLowerCase()}` : ''}`;

const LABELS = { length: 'Length', width: 'Width', height: 'Height' } as const;

/** A number as typed, or NaN for the station to name (an empty required size is refused there). */
const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function PresetsPage() {
  const list = useLoad('presets', () => api.listPackagePresets());
  const editor = useRecordEditor<Editing>('preset', list);
  const { setEditing, errors } = editor;

  const save = async (editing: Editing) => {
    const sizes = { length: num(editing.length), width: num(editing.width), height: num(editing.height) };
    // Checked here because an empty size would be sent as null, which the station names by its type.
    const missing = (Object.keys(sizes) as (keyof typeof sizes)[]).filter((k) => !(sizes[k] > 0));
    if (missing.length > 0 || !editing.name.trim()) {
      editor.refuse(
        Object.fromEntries([
          ...(editing.name.trim() ? [] : [['name', 'Name is required']]),
          ...missing.map((k) => [k, `${LABELS[k]} must be more than 0`]),
        ]),
      );
      return;
    }
    const body = {
      name: editing.name,
      ...sizes,
      dimensionUnit: editing.dimensionUnit,
      weight: editing.weight.trim() === '' ? null : Number(editing.weight),
      weightUnit: editing.weightUnit,
      description: editing.description,
    };
    await editor.save(async () => {
      const saved =
        editing.id === null
          ? await api.createPackagePreset({ body })
          : await api.updatePackagePreset({ params: { presetId: String(editing.id) }, body });
      return { id: saved.id, name: saved.name };
    });
  };

  const remove = (preset: PackagePreset, index: number) =>
    editor.remove(preset.id, preset.name, index, () =>
      api.deletePackagePreset({ params: { presetId: String(preset.id) } }),
    );

  const text = (
    editing: Editing,
    key: 'name' | 'length' | 'width' | 'height' | 'weight' | 'description',
    label: string,
    more: object = {},
  ) => (
    <TextField
      path={key}
      label={label}
      value={editing[key]}
      error={errors[key]}
      onValue={(v) => setEditing({ ...editing, [key]: v })}
      {...more}
    />
  );

  return (
    <div className="page">
      <RecordEditorForm
        editor={editor}
        title="Package presets"
        sub="In New shipment, a piece’s Preset takes a preset’s first letter and fills the piece."
        addLabel="Add preset"
        blank={blank}
        newLabel="New package preset"
        changeLabel="Change package preset"
        saveLabel="Save preset"
        recordWord="preset"
        className="card preset-editor"
        onSave={save}
      >
        {(editing) => (
          <div className="grid grid-2">
            {text(editing, 'name', 'Name', { required: true, maxLength: 35, autoFocus: true })}
            {text(editing, 'description', 'Description', { maxLength: 35 })}
            {text(editing, 'length', 'Length', {
              required: true,
              ...DECIMAL_INPUT,
            })}
            {text(editing, 'width', 'Width', {
              required: true,
              ...DECIMAL_INPUT,
            })}
            {text(editing, 'height', 'Height', {
              required: true,
              ...DECIMAL_INPUT,
            })}
            <SelectField
              path="dimensionUnit"
              label="Dimension unit"
              value={editing.dimensionUnit}
              error={errors.dimensionUnit}
              onValue={(v) => setEditing({ ...editing, dimensionUnit: v as DimensionUnit })}
            >
              <Options values={DIMENSION_UNITS} />
            </SelectField>
            {text(editing, 'weight', 'Weight (optional)', {
              ...DECIMAL_INPUT,
            })}
            <SelectField
              path="weightUnit"
              label="Weight unit"
              value={editing.weightUnit}
              error={errors.weightUnit}
              onValue={(v) => setEditing({ ...editing, weightUnit: v as WeightUnit })}
            >
              <Options values={WEIGHT_UNITS} />
            </SelectField>
          </div>
        )}
      </RecordEditorForm>
      <RecordTable
        list={list}
        empty={<p className="empty">No presets yet.</p>}
        caption="Package presets"
        headings={['Name', 'Size and weight', 'Description']}
        row={(p, index) => (
          <>
            <td>{p.name}</td>
            <td className="tabular">{describePreset(p)}</td>
            <td>{p.description}</td>
            <RecordRowActions
              name={p.name}
              onChange={() => editor.edit(editingOf(p))}
              onDelete={() => remove(p, index)}
            />
          </>
        )}
      />
    </div>
  );
}
