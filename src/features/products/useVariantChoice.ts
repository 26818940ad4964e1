import { useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useSearchParams } from 'react-router-dom';
import type { Product } from '../../domain/types';
import { choiceLabel, findVariant, type ProductOption, type ProductVariants, type Variant, type VariantChoice } from '../../domain/variants';
import { chooseValue, initialChoice, missingOptions } from './variantChoice';

/** A product as its page gets it: `options` and `variants` are absent from older answers (no options). */
export type ProductWithVariants = Product & Partial<ProductVariants>;

/** The shopper's choice on a product page, and what the page does with it. */
export interface VariantChoiceState {
  options: ProductOption[];
  variants: Variant[];
  choice: VariantChoice;
  /** The variant being bought: the chosen one, or the single variant of a product without options. */
  variant: Variant | undefined;
  /** The options still to choose (none on a product without options). */
  missing: string[];
  /** Set once 'Add to Cart' was pressed without a full choice: the pickers then say what is missing. */
  asked: boolean;
  choose: (index: number, value: string) => void;
  /** Says which options are still to choose and moves focus to the first of them. */
  askForChoice: () => void;
  /** The radio group of each option, by name, for askForChoice's focus. */
  groups: RefObject<Record<string, HTMLElement | null>>;
}

export const VARIANT_PARAM = 'variant';

/**
 * The choice lives in the URL (`?variant=ID`, replacing the entry, never adding one) once every
 * option has a value, so a shared link opens it; an id the product does not have is ignored.
 */
export function useVariantChoice(product: ProductWithVariants): VariantChoiceState {
  const options = product.options ?? [];
  const variants = product.variants ?? [];
  const [params, setParams] = useSearchParams();
  const [choice, setChoice] = useState<VariantChoice>(() => {
    const linked = variants.find((variant) => String(variant.id) === params.get(VARIANT_PARAM));
    return linked ? { ...linked.options } : initialChoice(options);
  });
  const [asked, setAsked] = useState(false);
  const groups = useRef<Record<string, HTMLElement | null>>({});

  const missing = missingOptions(options, choice);
  const variant = options.length === 0 ? (variants.length === 1 ? variants[0] : undefined) : missing.length === 0 ? findVariant(variants, choice) : undefined;

  function choose(index: number, value: string) {
    const next = chooseValue(options, variants, choice, index, value);
    setChoice(next);
    const chosen = missingOptions(options, next).length === 0 ? findVariant(variants, next) : undefined;
    const id = chosen ? String(chosen.id) : null;
    if (params.get(VARIANT_PARAM) === id) return;
    // A link's unknown id stays until a full choice replaces it; a known one follows the choice.
    if (!chosen && !variants.some((v) => String(v.id) === params.get(VARIANT_PARAM))) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (id) updated.set(VARIANT_PARAM, id);
        else updated.delete(VARIANT_PARAM);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  function askForChoice() {
    // The message is on the page before focus lands, so the group is read with it.
    flushSync(() => setAsked(true));
    const first = missing[0];
    const group = first ? groups.current[first] : null;
    group?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
  }

  return { options, variants, choice, variant, missing, asked, choose, askForChoice, groups };
}

/** "Size 44 / Colour Black" for the chosen variant; '' without options. */
export const chosenLabel = (state: Pick<VariantChoiceState, 'variant' | 'options'>) =>
  state.variant ? choiceLabel(state.variant.options, state.options) : '';
