/**
 * A name field that offers matching saved addresses as the operator types (docs/contract.md §14):
 * the ARIA combobox pattern, ↑/↓ to move, Enter to pick, Esc to close. Picking fills the
 * whole address.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { SavedAddress } from '../../../main/core/schemas';
import { api } from '../api';
import { fieldDomId } from '../lib/field-errors';

const DEBOUNCE_MS = 150;
const MAX_SUGGESTIONS = 6;

export const describeSaved = (a: SavedAddress): string =>
  [a.nickname, a.fullName, a.businessName, a.addressLine1, a.city, a.postZipCode].filter(Boolean).join(', ');

/** A suggestion ends with the country: a Bristol and a Łódź entry differ at a glance. */
export const suggestionText = (a: SavedAddress): string => `${describeSaved(a)}, ${a.countryTwoCharacterISOCode}`;

/**
 * The combobox's props for an input, and its list. `path` is the field's request path;
 * `query` the field's text, searched from 2 characters while the field has the focus.
 */
export function useAddressSuggestions(
  path: string,
  query: string,
  onPick: (address: SavedAddress) => void,
  valueIn: (address: SavedAddress) => string,
) {
  const [items, setItems] = useState<SavedAddress[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const focused = useRef(false);
  const picked = useRef<string | null>(null);
  const listId = `${fieldDomId(path)}-suggestions`;

  useEffect(() => {
    const text = query.trim();
    // The text a pick just wrote is not a new search.
    if (!focused.current || text.length < 2 || picked.current === query) {
      setItems([]);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      api
        .listAddresses({ query: { Search: text, Kind: 'delivery', ItemsPerPage: MAX_SUGGESTIONS } })
        .then((found) => {
          if (!live) return;
          setItems(found.items);
          setActive(0);
          setOpen(found.items.length > 0);
        })
        .catch(() => live && setItems([]));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query]);

  const pick = (address: SavedAddress) => {
    setOpen(false);
    setItems([]);
    picked.current = valueIn(address);
    onPick(address);
  };
  const shown = open && items.length > 0;

  const inputProps = {
    role: 'combobox',
    'aria-autocomplete': 'list' as const,
    'aria-expanded': shown,
    'aria-controls': listId,
    'aria-activedescendant': shown ? `${listId}-${active}` : undefined,
    onFocus: () => {
      focused.current = true;
    },
    onBlur: () => {
      focused.current = false;
      // Let a click on an option land first.
      setTimeout(() => setOpen(false), 150);
    },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (!shown) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((i) => (i + step + items.length) % items.length);
      } else if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        const chosen = items[active];
        if (chosen) pick(chosen);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        setOpen(false);
      }
    },
  };

  const list = (
    <ul id={listId} role="listbox" aria-label="Saved addresses" className="suggestions" hidden={!shown}>
      {items.map((item, i) => (
        <li
          key={item.id}
          id={`${listId}-${i}`}
          role="option"
          aria-selected={i === active}
          className={i === active ? 'suggestion suggestion-active' : 'suggestion'}
          onMouseDown={(event) => {
            event.preventDefault();
            pick(item);
          }}
        >
          {suggestionText(item)}
        </li>
      ))}
    </ul>
  );
  return { inputProps, list };
}
