import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { AddressPart, AddressSuggestion } from '@parcel-returns/contract';
import type { FormStrings } from './strings.ts';
import { fetchSuggestions, suggestionText, type AddressQuery } from './suggestions.ts';
import { TextField, type FieldProps } from './TextField.tsx';

/** Spec §9: suggestions are requested 500 ms after typing stops. */
export const suggestionDebounceMs = 500;

interface AddressFieldProps {
  field: FieldProps;
  calledFrom: AddressPart;
  /** Spec §5: suggestions only for Czech addresses. */
  enabled: boolean;
  query: () => AddressQuery;
  onChoose: (suggestion: AddressSuggestion) => void;
  strings: Pick<FormStrings, 'suggestions' | 'suggestionsCount'>;
}

/**
 * A street, city or zip field with address suggestions, as a WAI-ARIA 1.2 combobox: the list
 * opens under the field, arrows move, Enter chooses, Escape closes, and the number of
 * suggestions is announced.
 */
export function AddressField({ field, calledFrom, enabled, query, onChoose, strings }: AddressFieldProps) {
  const [items, setItems] = useState<AddressSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<AbortController>(undefined);
  const listId = `${field.id}-suggestions`;
  const open = items.length > 0;

  const close = () => {
    setItems([]);
    setActive(-1);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  // Text typed before the island took over gets suggestions too, while the sender is in the field.
  useEffect(() => {
    if (document.activeElement?.id === field.id) schedule();
    // Once, when the island takes over.
  }, []);
  useEffect(() => {
    if (!enabled) close();
  }, [enabled]);

  function schedule(): void {
    clearTimeout(timer.current);
    pending.current?.abort();
    if (!enabled) return;
    const suggest = async () => {
      const controller = new AbortController();
      pending.current = controller;
      const found = await fetchSuggestions(query(), calledFrom, controller.signal);
      if (controller.signal.aborted) return;
      setItems(found);
      setActive(-1);
      setAnnouncement(found.length > 0 ? strings.suggestionsCount({ count: found.length }) : '');
    };
    timer.current = setTimeout(() => void suggest(), suggestionDebounceMs);
  }

  function choose(suggestion: AddressSuggestion): void {
    clearTimeout(timer.current);
    pending.current?.abort();
    close();
    setAnnouncement('');
    onChoose(suggestion);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + items.length) % items.length);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      const chosen = items[active];
      if (chosen) choose(chosen);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  }

  const registration = {
    ...field.registration,
    onChange: async (event: { target: unknown }) => {
      schedule();
      return field.registration.onChange(event);
    },
    onBlur: (event: { target: unknown }) => {
      // Leaving the field cancels a lookup still waiting, so no list opens under another field.
      clearTimeout(timer.current);
      pending.current?.abort();
      close();
      return field.registration.onBlur(event);
    },
  };

  return (
    <TextField
      {...field}
      registration={registration}
      inputExtra={{
        role: 'combobox',
        'aria-autocomplete': 'list',
        'aria-expanded': open,
        'aria-controls': listId,
        'aria-activedescendant': open && active >= 0 ? `${listId}-${active}` : undefined,
        onKeyDown,
      }}
    >
      <ul
        id={listId}
        role="listbox"
        aria-label={strings.suggestions()}
        className="suggestions"
        hidden={!open}
      >
        {items.map((item, index) => (
          <li
            key={`${suggestionText(item)}-${index}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'suggestions__item suggestions__item--active' : 'suggestions__item'}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(item)}
          >
            {suggestionText(item)}
          </li>
        ))}
      </ul>
      <span className="visually-hidden" aria-live="polite">
        {announcement}
      </span>
    </TextField>
  );
}
