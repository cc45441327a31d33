/**
 * The rows chosen on a list for its bulk bar. They stay chosen across pages and filters until
 * cleared or acted on, so each is kept whole, not only its id.
 */
import { useState } from 'react';

export interface Selection<T> {
  selected: ReadonlySet<string>;
  /** The chosen rows, in the order they were chosen. */
  chosen: T[];
  toggle(item: T): void;
  /** Every row shown, or none of them when all are chosen already. */
  toggleAll(): void;
  clear(): void;
}

export function useSelection<T>(shown: readonly T[] | undefined, idOf: (item: T) => string): Selection<T> {
  const [chosen, setChosen] = useState<Map<string, T>>(new Map());
  return {
    selected: new Set(chosen.keys()),
    chosen: [...chosen.values()],
    toggle: (item) =>
      setChosen((current) => {
        const next = new Map(current);
        const id = idOf(item);
        if (next.has(id)) next.delete(id);
        else next.set(id, item);
        return next;
      }),
    toggleAll: () =>
      setChosen((current) => {
        const rows = shown ?? [];
        const next = new Map(current);
        if (rows.every((i) => next.has(idOf(i)))) rows.forEach((i) => next.delete(idOf(i)));
        else rows.forEach((i) => next.set(idOf(i), i));
        return next;
      }),
    clear: () => setChosen(new Map()),
  };
}
