/**
 * A search box's text: the list follows it once typing pauses, at once on Enter or Escape; a
 * search the route changes (Clear filters, Back) shows in the box.
 */
import { useEffect, useRef, useState } from 'react';

/** Long enough to let a person finish a word, short enough to feel live. */
const DEBOUNCE_MS = 250;

export function useSearchText(value: string, onSearch: (text: string) => void) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  /** Drops the search waiting for typing to pause (Enter opened what was typed instead). */
  const cancel = () => clearTimeout(timer.current);
  const searchNow = (next: string) => {
    cancel();
    onSearch(next);
  };
  return {
    text,
    /** Typed: searched once typing pauses. */
    type: (next: string) => {
      setText(next);
      cancel();
      timer.current = setTimeout(() => onSearch(next), DEBOUNCE_MS);
    },
    searchNow,
    cancel,
    clear: () => {
      setText('');
      searchNow('');
    },
  };
}
