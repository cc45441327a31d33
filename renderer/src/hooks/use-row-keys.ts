/**
 * A dense list kept by keyboard: Tab reaches the table once (one row holds the tab stop), then
 * ↑/↓ and Home/End move between rows, Enter opens one and Space selects it, when the list
 * selects at all.
 */
import { useRef, useState, type KeyboardEvent } from 'react';

export function useRowKeys<T>(
  items: readonly T[],
  { open, toggle }: { open: (item: T) => void; toggle?: (item: T) => void },
) {
  const [active, setActive] = useState(0);
  const body = useRef<HTMLTableSectionElement>(null);
  const current = Math.min(active, Math.max(0, items.length - 1));

  function focusRow(index: number) {
    const next = Math.max(0, Math.min(items.length - 1, index));
    setActive(next);
    body.current?.querySelectorAll<HTMLTableRowElement>('tr')[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableRowElement>, index: number) {
    const item = items[index];
    switch (event.key) {
      case 'ArrowDown':
        focusRow(index + 1);
        break;
      case 'ArrowUp':
        focusRow(index - 1);
        break;
      case 'Home':
        focusRow(0);
        break;
      case 'End':
        focusRow(items.length - 1);
        break;
      case 'Enter':
        if (item) open(item);
        break;
      case ' ':
        if (!item || !toggle) return;
        toggle(item);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  /** What row `index` needs: the tab stop if it is the current row, and the keys above. */
  const rowProps = (index: number) => ({
    tabIndex: index === current ? 0 : -1,
    onFocus: () => setActive(index),
    onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => onKeyDown(event, index),
  });

  /** The `<tbody>` whose rows these are. */
  return { body, rowProps };
}
