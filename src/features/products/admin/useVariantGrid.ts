// The product form's variant grid as the form holds it: the options and cells typed so far, the
// rows they make, the grid's messages (its own checks and the server's), and the focus on the
// first cell with a message.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ProductOption, Variant } from '../../../domain/variants';
import type { ProductInput } from './productFormValues';
import { gridFromProduct, gridRows, optionsInput, rowKey, skuBaseOf, skuBaseOfVariant, totalStock, variantsInput, type GridState, type VariantInput } from './variantGrid';
import { checkGrid } from './variantGridCheck';

/** The saved product's options and variants (editing); none for a new product. */
export type SavedVariants = { options?: ProductOption[]; variants?: Variant[] };

export function useVariantGrid(saved: SavedVariants | undefined, title: string | undefined) {
  const [grid, setGrid] = useState<GridState>(() => gridFromProduct(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ref = useRef<HTMLDivElement>(null);
  // The SKUs of new variants: the saved product's first SKU without its values, else the title's words.
  const first = saved?.variants?.[0];
  const skuBase = first ? skuBaseOfVariant(first.sku, (saved?.options ?? []).map((o) => first.options[o.name] ?? '')) : skuBaseOf(title ?? '');
  const rows = useMemo(() => gridRows(grid, skuBase), [grid, skuBase]);
  const hasOptions = grid.options.length > 0;

  /**
   * Moves focus to the grid's first input with a message, once React has drawn the messages set
   * with it (an effect of the render that shows them: a timer could run before that render).
   */
  const [focusRound, setFocusRound] = useState(0);
  useEffect(() => {
    if (focusRound > 0) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRound]);

  return {
    grid,
    setGrid,
    rows,
    skuBase,
    hasOptions,
    errors,
    setErrors,
    /** The element around the grid. */
    ref,
    focus: () => setFocusRound((n) => n + 1),
    /** Shows the grid's own messages and returns them (none: the grid may be sent). */
    check() {
      const found = checkGrid(grid, rows);
      setErrors(found);
      return found;
    },
    /** The form's input with the options and variants (none for a new product without options). */
    withVariants(input: ProductInput): ProductInput {
      // A picture the product no longer has (its image was removed or replaced) is none.
      const pictured = (v: VariantInput): VariantInput => (v.image && !input.images.includes(v.image) ? { ...v, image: null } : v);
      if (hasOptions) return { ...input, stock: totalStock(rows), options: optionsInput(grid), variants: variantsInput(grid, rows).map(pictured) };
      const only = grid.cells[rowKey([])];
      if (!only) return input;
      return { ...input, options: [], variants: variantsInput(grid, rows).map((v) => pictured({ ...v, options: {}, stock: input.stock })) };
    },
  };
}
