import { useState, type FormEvent } from 'react';
import { Button, Select } from '../../../components/controls';
import type { FilterOption } from '../../../domain/types';
import type { BulkAction } from '../../../domain/productTable';
import { ApiError } from '../../../lib/apiClient';
import { bulkProducts } from './productTableAPI';

const LABELS: Record<BulkAction, string> = { delete: 'Delete', restore: 'Restore', category: 'Set category', brand: 'Set brand' };

interface BulkActionsProps {
  ids: number[];
  categories: FilterOption[];
  brands: FilterOption[];
  /** The action was applied: untick and reload. */
  onDone: () => void;
}

/** What to do with the ticked products: delete, restore, set a category or a brand; all of them or none. */
export default function BulkActions({ ids, categories, brands, onDone }: BulkActionsProps) {
  const [action, setAction] = useState<BulkAction>('delete');
  const [value, setValue] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const choices = action === 'category' ? categories : action === 'brand' ? brands : null;

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    if (choices && !value) return setError(`Choose a ${action}`);
    setSaving(true);
    try {
      const result = await bulkProducts({ action, ids, ...(choices ? { value } : {}) });
      setDone(`${result.changed.length} changed, ${result.unchanged.length} already so.`);
      onDone();
    } catch (err) {
      const fields = err instanceof ApiError ? Object.values(err.errors ?? {}) : [];
      setError(fields.length > 0 ? fields.join(' ') : err instanceof Error ? err.message : 'The action failed');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={apply} aria-label="Bulk actions" className="flex flex-wrap items-end gap-3 rounded-md bg-gray-50 p-3">
      <p className="text-sm font-medium text-gray-900" aria-live="polite">
        {ids.length} selected
      </p>
      <div>
        <label htmlFor="bulk-action" className="block text-xs font-medium text-gray-700">
          Action
        </label>
        <Select
          compact
          id="bulk-action"
          value={action}
          onChange={(event) => {
            setAction(event.target.value as BulkAction);
            // A category is no brand: the new action's value is chosen anew.
            setValue('');
          }}
        >
          {Object.entries(LABELS).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      {choices && (
        <div>
          <label htmlFor="bulk-value" className="block text-xs font-medium text-gray-700">
            {action === 'category' ? 'Category' : 'Brand'}
          </label>
          <Select compact id="bulk-value" value={value} onChange={(event) => setValue(event.target.value)}>
            <option value="">Choose…</option>
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </Select>
        </div>
      )}
      <Button type="submit" size="sm" disabled={ids.length === 0 || saving}>
        {saving ? 'Applying…' : `Apply to ${ids.length} ${ids.length === 1 ? 'product' : 'products'}`}
      </Button>
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
      {done && (
        <p role="status" className="w-full text-sm text-green-800">
          {done}
        </p>
      )}
    </form>
  );
}
