import { MagnifyingGlassIcon } from '@heroicons/react/20/solid';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Input, buttonClass } from '../../../components/controls';
import { useLatest, type Latest } from '../../../lib/useLatest';
import type { Suggestions } from '../../../domain/types';
import { fetchSuggestions } from '../catalogueAPI';
import SuggestionList, { optionId, suggestionsOf, type Suggestion } from './SuggestionList';

interface SearchBoxProps {
  /** The search in the URL; the box shows it again when it changes (Back, a chip removed). */
  value: string;
  onSearch: (q: string) => void;
  /** Enter or a click on a suggestion: a product opens, a category or brand becomes a filter. */
  onPick: (suggestion: Suggestion) => void;
}

/** Suggestions are asked for once typing pauses this long (ms). */
export const SUGGEST_DELAY_MS = 200;

/** What the list is doing, for screen readers; `shown` when sighted users need it too. */
function statusOf(suggestions: Latest<Suggestions>, count: number): { text: string; shown: boolean } {
  if (suggestions.error) return { text: 'Suggestions could not be loaded.', shown: true };
  if (!suggestions.data) return { text: suggestions.loading ? 'Looking for suggestions…' : '', shown: suggestions.loading };
  if (count === 0) return { text: 'No suggestions.', shown: false };
  return { text: `${count} ${count === 1 ? 'suggestion' : 'suggestions'}: up and down arrows to choose.`, shown: false };
}

/**
 * Free-text search (sent to the API as `q`) with suggestions: a WAI-ARIA 1.2 combobox with a
 * listbox. Typing (or Down Arrow) opens the list; the arrow keys move through it, Enter opens
 * the highlighted suggestion or, with none highlighted, runs the search; Escape closes the list
 * (and, closed, clears the box).
 */
export default function SearchBox({ value, onSearch, onPick }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setText(value);
  }
  const [focused, setFocused] = useState(false);
  // Closed until the shopper types or asks with Down Arrow; closed again by Escape, a search, a pick.
  const [closed, setClosed] = useState(true);
  const [active, setActive] = useState(-1);
  const listId = useId();

  const typed = text.trim();
  const wanted = focused && !closed && typed !== '';
  const suggestions = useLatest(wanted ? typed : null, fetchSuggestions, SUGGEST_DELAY_MS);
  const options = suggestionsOf(suggestions.data);
  const open = wanted && options.length > 0;
  const highlighted = open && active < options.length ? active : -1;
  const status = wanted ? statusOf(suggestions, options.length) : { text: '', shown: false };

  function close() {
    setClosed(true);
    setActive(-1);
  }

  function type(next: string) {
    setText(next);
    setClosed(false);
    setActive(-1);
  }

  function pick(option: Suggestion) {
    close();
    if (option.kind !== 'product') setText('');
    onPick(option);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    close();
    onSearch(text);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!typed) return;
      event.preventDefault();
      setClosed(false);
      if (!open) return setActive(-1);
      const down = event.key === 'ArrowDown';
      setActive(down ? (highlighted + 1) % count : highlighted <= 0 ? count - 1 : highlighted - 1);
    } else if (event.key === 'Enter' && highlighted >= 0) {
      event.preventDefault();
      pick(options[highlighted]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (wanted) close();
      else type('');
    }
  }

  return (
    <form role="search" onSubmit={submit} className="flex w-full max-w-md gap-2">
      <label htmlFor="product-search" className="sr-only">
        Search products
      </label>
      <div className="relative min-w-0 flex-1">
        <Input
          id="product-search"
          name="q"
          type="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={highlighted >= 0 ? optionId(listId, highlighted) : undefined}
          value={text}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            close();
          }}
          maxLength={100}
          placeholder="Search products"
        />
        <SuggestionList
          id={listId}
          label="Suggestions"
          options={options}
          open={open}
          busy={suggestions.dataKey !== typed}
          active={highlighted}
          onPick={pick}
        />
        {/* A live region exists before what it says changes, or screen readers stay silent. */}
        {focused && (
          <p
            role="status"
            className={
              status.shown
                ? 'absolute inset-x-0 top-full z-30 mt-1 rounded-md bg-white px-3 py-2 text-sm text-gray-700 shadow-lg ring-1 ring-black/10'
                : 'sr-only'
            }
          >
            {status.text}
          </p>
        )}
      </div>
      <button type="submit" className={buttonClass('primary', 'sm')}>
        <MagnifyingGlassIcon aria-hidden="true" className="size-4" />
        Search
      </button>
    </form>
  );
}
