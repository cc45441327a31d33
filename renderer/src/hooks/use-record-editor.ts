/**
 * The add / change / delete flow of a screen of saved records (the address book, package
 * presets): one record open in a form at a time, the form's field problems and one line
 * saying why it was not saved, and a line saying what was done. A delete, and closing a
 * changed form, are asked first. After each, focus lands on the record's row (or the list's
 * first, or the Add button), never on the page's body.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiProblem, describeError } from '../api';
import { guardLeaving } from '../router/navigation';
import type { Loaded } from './use-load';

export type RecordEditor<E extends { id: number | null }> = ReturnType<typeof useRecordEditor<E>>;

/** Where focus goes once the list shows: a record's row, the row at a place, or Add. */
type Landing = { id: number } | { index: number } | 'add';

/** The question the screen's dialog asks. */
export type RecordQuestion =
  { kind: 'delete'; id: number; name: string; send: () => Promise<unknown>; index: number } | 'discard';

/** Focus targets in the DOM: each row carries its record's id (RecordTable), the Add button its mark. */
const RECORD_ROW = 'data-record-id';
const RECORD_ADD = 'data-record-add';

function land(landing: Landing): void {
  const rows = [...document.querySelectorAll<HTMLElement>(`tbody [${RECORD_ROW}]`)];
  const row =
    landing === 'add'
      ? undefined
      : 'id' in landing
        ? rows.find((r) => r.getAttribute(RECORD_ROW) === String(landing.id))
        : (rows[landing.index] ?? rows.at(-1));
  // The row's first button (Change, named with the record) says which record it is.
  const target = row?.querySelector<HTMLElement>('button') ?? document.querySelector<HTMLElement>(`[${RECORD_ADD}]`);
  target?.focus();
}

export function useRecordEditor<E extends { id: number | null }>(
  what: string,
  list: Pick<Loaded<unknown>, 'loading' | 'data' | 'reload'>,
) {
  const [editing, setEditing] = useState<E | null>(null);
  // The record as it was opened: Escape asks before it drops anything typed since.
  const [opened, setOpened] = useState<E | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [question, setQuestion] = useState<RecordQuestion | null>(null);
  const [busy, setBusy] = useState(false);
  // Changes on every refused save, so that focus moves to the first marked field again.
  const [refusals, setRefusals] = useState(0);
  // Where focus goes next, and a count that makes the effect look again when it is set.
  const landing = useRef<Landing | null>(null);
  const [landings, setLandings] = useState(0);
  const setLanding = (to: Landing) => {
    landing.current = to;
    setLandings((n) => n + 1);
  };

  const { loading, data, reload } = list;
  useEffect(() => {
    // The list shown must be the one after the change: a deleted row must not take focus.
    if (!landing.current || loading) return;
    land(landing.current);
    landing.current = null;
  }, [landings, loading, data]);

  /** Opens `value` in the form (null closes it), with no problems marked. */
  const edit = (value: E | null) => {
    setEditing(value);
    setOpened(value);
    setErrors({});
    setProblem(null);
    setDone(null);
  };
  /** Closes the form without saving; focus goes back to the record's row, or to Add. */
  const close = () => {
    const id = editing?.id ?? null;
    edit(null);
    setQuestion(null);
    setLanding(id === null ? 'add' : { id });
  };
  const changed = editing !== null && JSON.stringify(editing) !== JSON.stringify(opened);
  useEffect(() => {
    // As the create form: going to another screen with typing unsaved asks first.
    if (!changed) return;
    return guardLeaving(() => window.confirm(`Leave this ${what}? What you typed is not saved.`));
  }, [changed, what]);
  /** Escape or Cancel: closes at once, or asks first when something was typed. */
  const cancel = () => (changed ? setQuestion('discard') : close());
  /** Marks fields on the form without sending it. */
  const refuse = (fields: Record<string, string>) => {
    setErrors(fields);
    setProblem(`The ${what} was not saved: see the marked fields.`);
    setRefusals((n) => n + 1);
  };
  /**
   * Sends the form; `send` answers the saved record's id and how to name it. A 400's fields
   * are marked, each at the form's path for it (`fieldPath`).
   */
  const save = async (
    send: () => Promise<{ id: number; name: string }>,
    fieldPath: (field: string) => string = (field) => field,
  ) => {
    try {
      const saved = await send();
      edit(null);
      setDone(`Saved ${saved.name}.`);
      setLanding({ id: saved.id });
      reload();
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 400) {
        refuse(Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [fieldPath(field), message])));
      } else setProblem(describeError(error));
    }
  };
  /** Asks before deleting record `id`, shown at `index` of the list. */
  const remove = (id: number, name: string, index: number, send: () => Promise<unknown>) =>
    setQuestion({ kind: 'delete', id, name, send, index });
  /** The dialog's yes: deletes, or drops the changes. */
  const confirm = async () => {
    if (question === 'discard') return close();
    if (!question) return;
    setBusy(true);
    try {
      await question.send();
      // The record open in the form is gone: the form goes with it.
      if (editing?.id === question.id) edit(null);
      setDone(`Deleted ${question.name}.`);
      setLanding({ index: question.index });
      reload();
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setBusy(false);
      setQuestion(null);
    }
  };
  return {
    what,
    editing,
    setEditing,
    errors,
    problem,
    done,
    question,
    busy,
    refusals,
    edit,
    cancel,
    refuse,
    save,
    remove,
    confirm,
    /** The dialog's no: nothing is deleted or dropped; focus goes back where it was. */
    keep: () => setQuestion(null),
  };
}
