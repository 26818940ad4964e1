import { useNavigate } from 'react-router-dom';
import { Select } from '../../../components/controls';
import ErrorMessage from '../../../components/ErrorMessage';
import type { FilterOption } from '../../../domain/types';
import { activeFilterCount, withDeleted, withFilter, withPriceRange, withRange, withSearch, withSort } from '../../../lib/listingParams';
import type { DeletedFilter, FilterGroup, ListingQuery } from '../../../lib/listingQuery';
import { useLatest } from '../../../lib/useLatest';
import { facetsQuery, fetchFacets } from '../catalogueAPI';
import FilterChips from '../components/FilterChips';
import type { FilterActions } from '../components/filterActions';
import FilterSections from '../components/FilterSections';
import SearchBox from '../components/SearchBox';
import SortMenu from '../components/SortMenu';
import type { Suggestion } from '../components/SuggestionList';

interface ProductTableFiltersProps {
  query: ListingQuery;
  onChange: (next: ListingQuery) => void;
  options: Record<FilterGroup, FilterOption[]>;
}

/** The card grid's search, Show choice, sort and filters (with their counts), over the table. */
export default function ProductTableFilters({ query, onChange, options }: ProductTableFiltersProps) {
  const navigate = useNavigate();
  const facets = useLatest(facetsQuery(query), fetchFacets);
  const actions: FilterActions = {
    toggle: (group, value, checked) => onChange(withFilter(query, group, value, checked)),
    setRange: (key, value) => onChange(withRange(query, key, value)),
    setPrice: (min, max) => onChange(withPriceRange(query, min, max)),
  };
  // A product suggestion opens the product; a category or brand becomes a filter instead of the text.
  const pick = (suggestion: Suggestion) => {
    if (suggestion.kind === 'product') navigate(`/admin/productdetail/${suggestion.id}`);
    else onChange(withSearch(withFilter(query, suggestion.kind, suggestion.value, true), ''));
  };
  const count = activeFilterCount(query);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <SearchBox value={query.q ?? ''} onSearch={(q) => onChange(withSearch(query, q))} onPick={pick} />
        <div className="flex items-center gap-2">
          <label htmlFor="table-show" className="text-sm font-medium text-gray-700">
            Show
          </label>
          <Select compact id="table-show" value={query.deleted ?? 'all'} onChange={(event) => onChange(withDeleted(query, event.target.value as DeletedFilter))}>
            <option value="all">All products</option>
            <option value="active">Active only</option>
            <option value="deleted">Deleted only</option>
          </Select>
        </div>
        <SortMenu query={query} onSort={(option) => onChange(withSort(query, option))} />
      </div>
      <details className="rounded-md ring-1 ring-gray-200">
        <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-medium text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600">
          Filters{count > 0 && ` (${count})`}
        </summary>
        <form aria-label="Product filters" aria-busy={facets.loading} onSubmit={(event) => event.preventDefault()} className="px-3 pb-3">
          {facets.error && <ErrorMessage message={`The filter counts could not be loaded: ${facets.error}`} onRetry={facets.retry} />}
          <FilterSections idPrefix="table-filter" query={query} options={options} facets={facets.data} actions={actions} />
        </form>
      </details>
      <FilterChips query={query} options={options} onChange={onChange} />
    </div>
  );
}
