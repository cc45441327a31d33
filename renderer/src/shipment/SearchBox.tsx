/**
 * The search box above the list (CONTRACT §12): `/` or Ctrl/Cmd+F puts the keyboard in it,
 * the list follows as the operator types, and Enter on a shipment or tracking number that
 * finds exactly one shipment opens it. A keyboard-wedge barcode scanner types the label's
 * number and Enter: on the list, its first key lands here even when the box had no focus.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { api } from '../api';
import { navigate, rememberOpenedShipment } from '../router/navigation';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '../router/routes';

/** Long enough to let a person finish a word, short enough to feel live. */
const DEBOUNCE_MS = 250;
// The shapes of CONTRACT §5's numbers; spaces and case do not matter (main/core/search.ts).
const SHIPMENT_NUMBER = /^SS\d{8}$/;
const TRACKING_NUMBER = /^[A-Z]{2}\d{9}[A-Z]{2}$/;

const isNumberLike = (text: string) => {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  return SHIPMENT_NUMBER.test(compact) || TRACKING_NUMBER.test(compact);
};

/** Where a typed key belongs to a control rather than to the page. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

interface SearchBoxProps {
  value: string;
  onSearch: (text: string) => void;
}

export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [opening, setOpening] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [shown, setShown] = useState(value);

  // The route changed the search (Clear filters, Back): the box shows it.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const box = input.current;
      if (!box || event.defaultPrevented) return;
      const find = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f';
      if (find || (event.key === '/' && !isEditable(event.target))) {
        event.preventDefault();
        box.focus();
        box.select();
      } else if (
        /^[a-z0-9]$/i.test(event.key) &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey &&
        !isEditable(event.target)
      ) {
        // A scanner's first key, or a person typing straight away: it lands in the box.
        box.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const searchNow = (next: string) => {
    clearTimeout(timer.current);
    onSearch(next);
  };

  async function openOrSearch(query: string) {
    if (isNumberLike(query)) {
      setOpening(true);
      try {
        const found = await api.listShipments({ query: { Search: query, ItemsPerPage: 2 } });
        const only = found.items[0];
        if (found.totalItems === 1 && only) {
          clearTimeout(timer.current);
          rememberOpenedShipment(only.shipmentId);
          navigate({ page: 'shipment', id: only.shipmentId });
          return;
        }
      } catch {
        // The list below shows the error of the same search.
      } finally {
        setOpening(false);
      }
    }
    searchNow(query);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      const query = text.trim();
      if (query.length >= SEARCH_MIN_LENGTH) void openOrSearch(query);
      else searchNow(query);
    } else if (event.key === 'Escape' && text !== '') {
      event.preventDefault();
      setText('');
      searchNow('');
    }
  }

  const tooShort = text.trim().length > 0 && text.trim().length < SEARCH_MIN_LENGTH;
  return (
    <form className="search" role="search" onSubmit={(e) => e.preventDefault()}>
      <label className="visually-hidden" htmlFor="shipment-search">
        Search shipments
      </label>
      <input
        ref={input}
        id="shipment-search"
        className="input search-input"
        type="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Search or scan: number, tracking number, reference, name, post code, email"
        aria-keyshortcuts="/ Control+F Meta+F"
        aria-describedby="shipment-search-hint"
        value={text}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => onSearch(next), DEBOUNCE_MS);
        }}
        onKeyDown={onKeyDown}
      />
      <span id="shipment-search-hint" className="search-hint muted" aria-live="polite">
        {opening ? (
          'Opening…'
        ) : tooShort ? (
          `Type at least ${SEARCH_MIN_LENGTH} characters`
        ) : (
          <>
            <kbd>/</kbd> to search · Enter on a scanned number opens it
          </>
        )}
      </span>
    </form>
  );
}
