/**
 * Labelled inputs that show their own error: `aria-invalid` and `aria-describedby` point
 * at the message, whose id comes from the field's request path.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { asSentence, errorDomId, fieldDomId } from '../lib/field-errors';

interface CommonProps {
  /** The field's path in the request, e.g. `deliveryAddress.postZipCode`. */
  path: string;
  /**
   * Prefixes the DOM ids when two forms on one screen send the same path (Settings:
   * `username` for a new user and for an API key's user).
   */
  idScope?: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  /** The label is read by screen readers only (dense tables name their columns). */
  hideLabel?: boolean;
  className?: string;
}

function describedBy(path: string, error: string | undefined, hint: ReactNode): string | undefined {
  const ids = [error ? errorDomId(path) : null, hint ? `${fieldDomId(path)}-hint` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The path that names the field's DOM ids: its request path, under its scope if any. */
const domPath = (path: string, idScope: string | undefined): string => (idScope ? `${idScope}.${path}` : path);

function FieldFrame({
  path,
  label,
  error,
  hint,
  required,
  hideLabel,
  className,
  children,
}: Omit<CommonProps, 'idScope'> & { children: ReactNode }) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      {/* The asterisk sits outside the label: the accessible name is the label alone. */}
      <span className={hideLabel ? 'visually-hidden' : 'field-label-row'}>
        <label htmlFor={fieldDomId(path)} className="field-label">
          {label}
        </label>
        {required && !hideLabel ? (
          <span className="required" aria-hidden="true">
            *
          </span>
        ) : null}
      </span>
      {children}
      {hint ? (
        <p id={`${fieldDomId(path)}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorDomId(path)} className="field-error">
          {asSentence(error)}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = CommonProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value' | 'className' | 'required'> & {
    value: string;
    onValue: (value: string) => void;
  };

/** Fields this short hold a code, not words: reaching the limit is no news. */
const CODE_LENGTH = 3;

/**
 * A field's length as its limit nears: said once it is reached ("35/35 characters"), and
 * how far past it a paste went. Nothing is cut: the operator sees all they pasted.
 */
function lengthNote(length: number, limit: number | undefined): string {
  if (limit === undefined || length < limit) return '';
  // A code of fixed length (a country's two letters) is whole at its limit: nothing to say.
  if (length === limit) return limit <= CODE_LENGTH ? '' : `${length}/${limit} characters: the limit`;
  const over = length - limit;
  return `${length}/${limit} characters: ${over} too many, shorten it`;
}

export function TextField({
  path,
  idScope,
  label,
  error,
  hint,
  required,
  hideLabel,
  className,
  value,
  onValue,
  maxLength,
  ...input
}: TextFieldProps) {
  const ids = domPath(path, idScope);
  const note = lengthNote([...value].length, maxLength);
  const noteId = `${fieldDomId(ids)}-length`;
  const described = [describedBy(ids, error, hint), note ? noteId : null].filter(Boolean).join(' ') || undefined;
  return (
    <FieldFrame {...{ path: ids, label, error, hint, required, hideLabel, className }}>
      <input
        {...input}
        id={fieldDomId(ids)}
        name={path}
        className="input"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-required={required || undefined}
        aria-invalid={error || note.includes('too many') ? true : undefined}
        aria-describedby={described}
        data-max-length={maxLength}
      />
      {/* Present before it has words, so that screen readers announce them when they come. */}
      {maxLength !== undefined ? (
        <p
          id={noteId}
          className={`field-length${note.includes('too many') ? ' field-length-over' : ''}`}
          aria-live="polite"
        >
          {note}
        </p>
      ) : null}
    </FieldFrame>
  );
}

type SelectFieldProps = CommonProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange' | 'value' | 'className' | 'required'> & {
    value: string;
    onValue: (value: string) => void;
    children: ReactNode;
  };

export function SelectField({
  path,
  idScope,
  label,
  error,
  hint,
  required,
  hideLabel,
  className,
  value,
  onValue,
  children,
  ...select
}: SelectFieldProps) {
  const ids = domPath(path, idScope);
  return (
    <FieldFrame {...{ path: ids, label, error, hint, required, hideLabel, className }}>
      <select
        {...select}
        id={fieldDomId(ids)}
        name={path}
        className="select"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, error, hint)}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

/** A TextField's input for an amount with a fraction (a weight, a size): never negative, a number pad on touch screens. */
export const DECIMAL_INPUT = { type: 'number', min: '0', step: 'any', inputMode: 'decimal' } as const;

/** A select's options, each its own value (units, contents types). */
export function Options({ values }: { values: readonly string[] }) {
  return (
    <>
      {values.map((value) => (
        <option key={value}>{value}</option>
      ))}
    </>
  );
}
