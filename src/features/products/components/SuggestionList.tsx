import type { Suggestions } from '../../../domain/types';

/** One choice of the search box's list: a product to open, or a category or brand to filter by. */
export type Suggestion =
  | { kind: 'product'; id: number; label: string; thumbnail: string }
  | { kind: 'category' | 'brand'; value: string; label: string };

const GROUPS = [
  { kind: 'product', name: 'Products' },
  { kind: 'category', name: 'Categories' },
  { kind: 'brand', name: 'Brands' },
] as const;

/** The answer as one list, in the order the arrow keys go through it. */
export function suggestionsOf(answer: Suggestions | undefined): Suggestion[] {
  if (!answer) return [];
  return [
    ...answer.products.map((p) => ({ kind: 'product' as const, id: p.id, label: p.title, thumbnail: p.thumbnail })),
    ...answer.categories.map((c) => ({ kind: 'category' as const, value: c.value, label: c.label })),
    ...answer.brands.map((b) => ({ kind: 'brand' as const, value: b.value, label: b.label })),
  ];
}

export const optionId = (listId: string, index: number) => `${listId}-${index}`;

interface SuggestionListProps {
  id: string;
  label: string;
  options: Suggestion[];
  open: boolean;
  /** The options answer an earlier text; the answer to the current one is on its way. */
  busy: boolean;
  active: number;
  onPick: (option: Suggestion) => void;
}

/** The combobox's listbox (WAI-ARIA 1.2): options grouped as products, categories and brands. */
export default function SuggestionList({ id, label, options, open, busy, active, onPick }: SuggestionListProps) {
  return (
    <div
      role="listbox"
      id={id}
      aria-label={label}
      hidden={!open}
      aria-busy={busy}
      className="absolute inset-x-0 top-full z-30 mt-1 max-h-96 overflow-y-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-black/10"
    >
      {GROUPS.map((group) => {
        const members = options.map((option, index) => ({ option, index })).filter(({ option }) => option.kind === group.kind);
        if (members.length === 0) return null;
        return (
          <div key={group.kind} role="group" aria-labelledby={`${id}-${group.kind}`}>
            <div id={`${id}-${group.kind}`} role="presentation" className="px-3 pt-2 pb-1 text-xs font-semibold text-gray-600 uppercase">
              {group.name}
            </div>
            {members.map(({ option, index }) => (
              <div
                key={index}
                id={optionId(id, index)}
                role="option"
                aria-selected={index === active}
                // Keeps the focus in the input (a blur would close the list before the click lands).
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onPick(option)}
                className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-gray-900 ${index === active ? 'bg-brand-600 text-white' : 'hover:bg-gray-100'}`}
              >
                {option.kind === 'product' && (
                  <img src={option.thumbnail} alt="" width={32} height={32} loading="lazy" className="size-8 shrink-0 rounded object-cover" />
                )}
                <span className="truncate">{option.label}</span>
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
