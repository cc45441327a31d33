/**
 * A select of the catalog's carriers, services or presets, by id. A chosen id the catalog no
 * longer has stays shown, named by `gone`, so it is not lost silently.
 */
import { SelectField } from '../components/Field';

export function CatalogSelect<T extends { id: number; name: string }>({
  path,
  idScope,
  label,
  required,
  value,
  onValue,
  error,
  empty,
  items,
  text = (item) => item.name,
  gone,
}: {
  path: string;
  idScope: string;
  label: string;
  required?: boolean | undefined;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  /** The first option's words, for no choice. */
  empty: string;
  items: readonly T[];
  text?: (item: T) => string;
  /** The words for a chosen id that is not among `items`; left out, nothing is added. */
  gone?: (id: string) => string;
}) {
  return (
    <SelectField
      path={path}
      idScope={idScope}
      label={label}
      required={required}
      value={value}
      onValue={onValue}
      error={error}
    >
      <option value="">{empty}</option>
      {items.map((item) => (
        <option key={item.id} value={String(item.id)}>
          {text(item)}
        </option>
      ))}
      {gone && value && !items.some((item) => String(item.id) === value) ? (
        <option value={value}>{gone(value)}</option>
      ) : null}
    </SelectField>
  );
}
