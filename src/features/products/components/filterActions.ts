import type { FilterGroup, RangeKey } from '../../../lib/listingQuery';

/**
 * What the filter controls change. The listing applies it (lib/listingParams.ts): the controls
 * themselves import no listing code, so the Filters slide-over's chunk holds none of it.
 */
export interface FilterActions {
  toggle: (group: FilterGroup, value: string, checked: boolean) => void;
  setRange: (key: RangeKey, value: number | undefined) => void;
  setPrice: (min: number | undefined, max: number | undefined) => void;
}
