// Choosing records by name: type, pick a suggestion (a headlessui Combobox, keyboard-operable),
// and the chosen ones show as chips with their names, each removable. The caller says how to
// find suggestions (a local list filtered, or the API searched) and keeps the chosen keys.
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';
import { XMarkIcon } from '@heroicons/react/20/solid';
import { useEffect, useRef, useState } from 'react';

export interface Named<K> {
  key: K;
  name: string;
}

interface Props<K> {
  label: string;
  hint?: string;
  error?: string;
  chosen: Named<K>[];
  onChange: (chosen: Named<K>[]) => void;
  /** Suggestions for what was typed (at most ten are shown). */
  search: (text: string) => Promise<Named<K>[]>;
}

export default function NamePicker<K extends string | number>({ label, hint, error, chosen, onChange, search }: Props<K>) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Named<K>[]>([]);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');

  useEffect(() => {
    let current = true;
    setState('loading');
    const timer = setTimeout(() => {
      search(query).then(
        (items) => current && (setFound(items.slice(0, 10)), setState('idle')),
        () => current && setState('failed'),
      );
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, search]);

  // A removed chip's button goes with it: the focus goes to the next chip's, else the one before's,
  // else to the field.
  const chips = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const focusChip = useRef<number | null>(null);
  useEffect(() => {
    const at = focusChip.current;
    if (at === null) return;
    focusChip.current = null;
    const buttons = chips.current?.querySelectorAll('button') ?? [];
    (buttons[at] ?? buttons[at - 1] ?? input.current)?.focus();
  }, [chosen]);
  const unchoose = (at: number) => {
    focusChip.current = at;
    onChange(chosen.filter((_, i) => i !== at));
  };

  const pick = (items: Named<K>[]) => {
    setQuery('');
    onChange(items.filter((item, i) => items.findIndex((o) => o.key === item.key) === i));
  };

  return (
    <Field className="sm:col-span-2 lg:col-span-3">
      <Label className="block text-sm font-medium text-gray-900">{label}</Label>
      {hint && <p className="mt-1 text-xs text-gray-600">{hint}</p>}
      {chosen.length > 0 && (
        <ul ref={chips} className="mt-2 flex flex-wrap gap-2" aria-label={`${label} chosen`}>
          {chosen.map((item, at) => (
            <li key={item.key} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-800 ring-1 ring-brand-200 ring-inset">
              {item.name}
              <button
                type="button"
                aria-label={`Remove ${item.name}`}
                onClick={() => unchoose(at)}
                className="rounded-full p-0.5 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <XMarkIcon aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Combobox multiple value={chosen} by="key" onChange={pick}>
        <div className="relative mt-2">
          <ComboboxInput
            ref={input}
            className="block w-full rounded-md bg-white px-3 py-1.5 text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-300 placeholder:text-gray-500 focus:outline-2 focus:-outline-offset-2 focus:outline-brand-600 sm:text-sm"
            placeholder="Type a name"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            onChange={(event) => setQuery(event.target.value)}
          />
          <ComboboxOptions modal={false} className="absolute z-10 mt-1 max-h-60 w-full overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-black/5 empty:invisible">
            {state === 'loading' && found.length === 0 && <div className="px-3 py-2 text-gray-600">Searching…</div>}
            {state === 'failed' && <div className="px-3 py-2 text-red-700">Could not search. Type again to retry.</div>}
            {state === 'idle' && found.length === 0 && query !== '' && <div className="px-3 py-2 text-gray-600">Nothing matches</div>}
            {found.map((item) => (
              <ComboboxOption key={item.key} value={item} className="cursor-default px-3 py-2 text-gray-900 select-none data-focus:bg-brand-600 data-focus:text-white data-selected:font-semibold">
                {item.name}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </div>
      </Combobox>
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </Field>
  );
}
