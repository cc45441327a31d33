/**
 * A list's search box as it looks (a labelled search field and its hint line); what its keys
 * do is the list's own (shipment/SearchBox.tsx, the Orders screen).
 */
import type { KeyboardEvent, ReactNode, RefObject } from 'react';

export function SearchField({
  id,
  label,
  placeholder,
  maxLength,
  keyShortcuts,
  input,
  value,
  onValue,
  onKeyDown,
  hint,
}: {
  id: string;
  label: string;
  placeholder: string;
  maxLength: number;
  keyShortcuts: string;
  input: RefObject<HTMLInputElement | null>;
  value: string;
  onValue: (text: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** The line under the box: its keys, or what it is doing. */
  hint: ReactNode;
}) {
  return (
    <form className="search" role="search" onSubmit={(e) => e.preventDefault()}>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        ref={input}
        id={id}
        className="input search-input"
        type="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-keyshortcuts={keyShortcuts}
        aria-describedby={`${id}-hint`}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <span id={`${id}-hint`} className="search-hint muted" aria-live="polite">
        {hint}
      </span>
    </form>
  );
}
