/**
 * A compact multi-select of statuses: a button that opens a checkbox list. Escape or a
 * click elsewhere closes it; choices apply as they are ticked.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { STATUSES } from '../lib/statuses';
import { StatusChip } from '../components/StatusChip';

interface StatusFilterProps {
  value: string[];
  onChange: (statuses: string[]) => void;
}

function summary(value: string[]): string {
  if (value.length === 0) return 'All statuses';
  if (value.length === 1) return value[0]!;
  return `${value.length} statuses`;
}

export function StatusFilter({ value, onChange }: StatusFilterProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const toggle = (status: string) =>
    onChange(
      value.includes(status)
        ? value.filter((s) => s !== status)
        : STATUSES.filter((s) => s === status || value.includes(s)),
    );

  return (
    <div className="field status-filter" ref={root}>
      <span className="field-label" id={`${panelId}-label`}>
        Status
      </span>
      <button
        ref={button}
        type="button"
        className="select select-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-labelledby={`${panelId}-label ${panelId}-value`}
        onClick={() => setOpen((o) => !o)}
      >
        <span id={`${panelId}-value`}>{summary(value)}</span>
      </button>
      {open ? (
        <div className="popover" id={panelId}>
          <fieldset className="checklist">
            <legend className="visually-hidden">Statuses to show</legend>
            {STATUSES.map((status) => (
              <label key={status} className="check-row">
                <input type="checkbox" checked={value.includes(status)} onChange={() => toggle(status)} />
                <StatusChip status={status} />
              </label>
            ))}
          </fieldset>
          <div className="popover-foot">
            <button
              type="button"
              className="button button-quiet button-small"
              onClick={() => onChange([])}
              disabled={!value.length}
            >
              Clear
            </button>
            <button
              type="button"
              className="button button-small"
              onClick={() => {
                setOpen(false);
                button.current?.focus();
              }}
            >
              Done
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
