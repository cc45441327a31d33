/**
 * The add / change / delete flow of a screen of saved records (the address book, package
 * presets): one record open in a form at a time, the form's field problems and one line
 * saying why it was not saved, and a line saying what was done.
 */
import { useState } from 'react';
import { ApiProblem, describeError } from '../api';

export type RecordEditor<E> = ReturnType<typeof useRecordEditor<E>>;

export function useRecordEditor<E>(what: string, reload: () => void) {
  const [editing, setEditing] = useState<E | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  /** Opens `value` in the form (null closes it), with no problems marked. */
  const edit = (value: E | null) => {
    setEditing(value);
    setErrors({});
    setProblem(null);
    setDone(null);
  };
  /** Marks fields on the form without sending it. */
  const refuse = (fields: Record<string, string>) => {
    setErrors(fields);
    setProblem(`The ${what} was not saved: see the marked fields.`);
  };
  /**
   * Sends the form; `send` answers how to name what was saved. A 400's fields are marked,
   * each at the form's path for it (`fieldPath`).
   */
  const save = async (send: () => Promise<string>, fieldPath: (field: string) => string = (field) => field) => {
    try {
      const saved = await send();
      edit(null);
      setDone(`Saved ${saved}.`);
      reload();
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 400) {
        refuse(Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [fieldPath(field), message])));
      } else setProblem(describeError(error));
    }
  };
  const remove = async (send: () => Promise<unknown>, described: string) => {
    try {
      await send();
      setDone(`Deleted ${described}.`);
      reload();
    } catch (error) {
      setProblem(describeError(error));
    }
  };
  return { editing, setEditing, errors, problem, done, edit, refuse, save, remove };
}
