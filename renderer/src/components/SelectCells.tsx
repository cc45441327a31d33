/** A list's first column when its rows can be selected: every row shown in the head, one in each row. */

export function SelectAllCell({
  checked,
  label,
  onToggle,
}: {
  checked: boolean;
  /** "Select every order shown". */
  label: string;
  onToggle: () => void;
}) {
  return (
    <th scope="col" className="select-cell">
      <input type="checkbox" aria-label={label} checked={checked} onChange={onToggle} />
    </th>
  );
}

/** Out of the tab order (Space on the row selects it); a click on it does not open the row. */
export function SelectCell({ checked, label, onToggle }: { checked: boolean; label: string; onToggle: () => void }) {
  return (
    <td className="select-cell" onClick={(e) => e.stopPropagation()}>
      <input type="checkbox" tabIndex={-1} aria-label={label} checked={checked} onChange={onToggle} />
    </td>
  );
}
