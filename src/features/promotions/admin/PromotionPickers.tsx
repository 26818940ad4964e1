// The promotion form's categories and products, chosen by name (NamePicker): categories from the
// shop's list, products searched through the product list (title, ten at a time). The form keeps
// what the API stores: category values and product ids.
import { useCallback, useEffect, useState } from 'react';
import type { FilterOption } from '../../../domain/types';
import NamePicker, { type Named } from './NamePicker';
import { fetchProductNames, searchProducts } from './promotionsAPI';

interface PickerProps<K> {
  value: K[];
  onChange: (value: K[]) => void;
  error?: string;
}

export function CategoryPicker({ categories, value, onChange, error }: PickerProps<string> & { categories: FilterOption[] }) {
  const nameOf = (v: string) => categories.find((c) => c.value === v)?.label ?? v;
  const search = useCallback(
    async (text: string) =>
      categories.filter((c) => c.label.toLowerCase().includes(text.trim().toLowerCase())).map((c) => ({ key: c.value, name: c.label })),
    [categories],
  );
  return (
    <NamePicker
      label="Categories"
      hint="None chosen and no products: the whole cart."
      error={error}
      chosen={value.map((v) => ({ key: v, name: nameOf(v) }))}
      onChange={(chosen) => onChange(chosen.map((c) => c.key))}
      search={search}
    />
  );
}

export function ProductPicker({ value, onChange, error }: PickerProps<number>) {
  const [names, setNames] = useState<Record<number, string>>({});
  const missing = value.filter((id) => names[id] === undefined).join(',');
  useEffect(() => {
    if (!missing) return;
    fetchProductNames(missing.split(',').map(Number)).then(
      (found) => setNames((known) => ({ ...known, ...Object.fromEntries(found.map((p) => [p.key, p.name])) })),
      () => undefined,
    );
  }, [missing]);
  const pick = (chosen: Named<number>[]) => {
    setNames((known) => ({ ...known, ...Object.fromEntries(chosen.map((p) => [p.key, p.name])) }));
    onChange(chosen.map((c) => c.key));
  };
  return (
    <NamePicker
      label="Products"
      error={error}
      chosen={value.map((id) => ({ key: id, name: names[id] ?? `Product #${id}` }))}
      onChange={pick}
      search={searchProducts}
    />
  );
}
