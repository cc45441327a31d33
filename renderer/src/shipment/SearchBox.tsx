/**
 * The search box above the list (docs/contract.md §12): `/` or Ctrl/Cmd+F puts the keyboard in it,
 * the list follows as the operator types, and Enter on a shipment or tracking number that
 * finds exactly one shipment opens it. A keyboard-wedge barcode scanner types the label's
 * number and Enter: on the list, its first key lands here even when the box had no focus. An
 * order's number scanned here opens that order to ship (order/scan-to-ship.ts).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { SearchField } from '../components/SearchField';
import { useSearchText } from '../hooks/use-search-text';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '../router/routes';
import { openScannedOrder } from '../order/scan-to-ship';
import { isNumberLike, openScanned, takeSearchOnArrival, takesTyping } from './scan-to-open';

interface SearchBoxProps {
  value: string;
  onSearch: (text: string) => void;
  /** ↓ in the box: the keyboard goes to the results. */
  onArrowDown?: () => void;
}

export function SearchBox({ value, onSearch, onArrowDown }: SearchBoxProps) {
  const { text, type, searchNow, cancel, clear } = useSearchText(value, onSearch);
  const [opening, setOpening] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // `/` or Ctrl+F on a shipment's page brought the desk here to search.
  useEffect(() => {
    if (!takeSearchOnArrival()) return;
    input.current?.focus();
    input.current?.select();
  }, []);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const box = input.current;
      if (!box || event.defaultPrevented) return;
      const find = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f';
      if (find || (event.key === '/' && !takesTyping(event.target))) {
        event.preventDefault();
        box.focus();
        box.select();
      } else if (
        /^[a-z0-9]$/i.test(event.key) &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey &&
        !takesTyping(event.target)
      ) {
        // A scanner's first key, or a person typing straight away: it lands in the box and
        // replaces what an earlier search left there.
        box.focus();
        box.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  async function openOrSearch(query: string) {
    // A shipment's number opens its shipment; an order's number (a packing slip scanned here) ships that order.
    setOpening(true);
    const opened = isNumberLike(query) ? await openScanned(query) : await openScannedOrder(query);
    setOpening(false);
    if (opened) {
      cancel();
      return;
    }
    searchNow(query);
    // The next scan replaces this one rather than joining it.
    input.current?.select();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      const query = text.trim();
      if (query.length >= SEARCH_MIN_LENGTH) void openOrSearch(query);
      else searchNow(query);
    } else if (event.key === 'ArrowDown' && onArrowDown) {
      event.preventDefault();
      onArrowDown();
    } else if (event.key === 'Escape' && text !== '') {
      event.preventDefault();
      clear();
    }
  }

  const tooShort = text.trim().length > 0 && text.trim().length < SEARCH_MIN_LENGTH;
  return (
    <SearchField
      id="shipment-search"
      label="Search shipments"
      placeholder="Scan or search: number, reference, name, post code, email"
      maxLength={SEARCH_MAX_LENGTH}
      keyShortcuts="/ Control+F Meta+F"
      input={input}
      value={text}
      onValue={type}
      onKeyDown={onKeyDown}
      hint={
        opening ? (
          'Opening…'
        ) : tooShort ? (
          `Type at least ${SEARCH_MIN_LENGTH} characters`
        ) : (
          <>
            <kbd>/</kbd> to search · <kbd>↓</kbd> to the results · Enter on a scanned number opens it
          </>
        )
      }
    />
  );
}
