import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppAlert } from '../../../components/Alerts';
import ConfirmedAction from '../../../components/ConfirmedAction';
import { Button } from '../../../components/controls';
import ErrorMessage from '../../../components/ErrorMessage';
import Pagination from '../../../components/Pagination';
import Spinner from '../../../components/Spinner';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import type { Promotion } from '../../../domain/checkout';
import { ApiError } from '../../../lib/apiClient';
import { useLatest } from '../../../lib/useLatest';
import PromotionForm from './PromotionForm';
import PromotionRows from './PromotionRows';
import { createPromotion, deletePromotion, fetchCategories, fetchPromotions, PROMOTIONS_PER_PAGE, updatePromotion, type PromotionBody } from './promotionsAPI';

const loadCategories = () => fetchCategories();

/** /admin/promotions — the shop's promotions, newest first: add, edit, turn on and off, delete. */
export default function PromotionsScreen() {
  useDocumentTitle('Admin: Promotions');
  const alert = useAppAlert();
  const [params] = useSearchParams();
  const pageText = /^[1-9]\d{0,5}$/.test(params.get('page') ?? '') ? params.get('page')! : '1';
  const list = useLatest(pageText, fetchPromotions);
  const categories = useLatest('categories', loadCategories);
  const [editing, setEditing] = useState<Promotion | 'new' | null>(null);
  const [toggleError, setToggleError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const close = () => {
    setEditing(null);
    heading.current?.focus();
  };

  async function save(body: Partial<PromotionBody>) {
    const adding = editing === 'new' || editing === null;
    const saved = adding ? await createPromotion(body as PromotionBody) : await updatePromotion(editing.id, body);
    alert.success(`${saved.name} ${adding ? 'added' : 'saved'}`);
    list.retry();
    close();
  }

  async function toggle(p: Promotion) {
    setToggleError(null);
    try {
      const saved = await updatePromotion(p.id, { active: !p.active });
      alert.success(`${saved.name} ${saved.active ? 'activated' : 'deactivated'}`);
      list.retry();
    } catch (error) {
      setToggleError(`${p.name} was not changed: ${error instanceof ApiError ? error.message : String(error)}`);
    }
  }

  const remove = (p: Promotion) => (
    <ConfirmedAction
      label="Delete"
      busyLabel="Deleting…"
      aria-label={`Delete ${p.name}`}
      question={{
        title: `Delete ${p.name}?`,
        message: 'Shoppers no longer get it. Orders that carried it keep what they were charged.',
        confirmLabel: 'Delete',
      }}
      run={async () => {
        await deletePromotion(p.id);
        alert.success(`${p.name} deleted`);
        list.retry();
      }}
      failed={(message) => `${p.name} was not deleted: ${message}`}
    />
  );

  const hrefFor = (page: number) => (page === 1 ? '/admin/promotions' : `/admin/promotions?page=${page}`);
  const ready = list.data && categories.data;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight text-gray-900 focus:outline-none">
          Promotions
        </h1>
        {editing === null && ready && <Button onClick={() => setEditing('new')}>Add promotion</Button>}
      </div>
      <p className="mt-1 text-sm text-gray-700">
        A promotion without a code applies by itself (the banner announces the first active one); a code applies when a shopper enters it. Orders
        keep what they were charged: a change applies to orders placed after it.
      </p>

      {editing !== null && categories.data && (
        <div className="mt-6">
          <PromotionForm
            key={editing === 'new' ? 'new' : editing.id}
            promotion={editing === 'new' ? undefined : editing}
            categories={categories.data}
            save={save}
            onCancel={close}
          />
        </div>
      )}
      {toggleError && <ErrorMessage className="mt-4" title="Not changed" message={toggleError} />}

      <div className="mt-6" aria-busy={list.loading}>
        {list.error || categories.error ? (
          <ErrorMessage
            title="The promotions could not be loaded"
            message={list.error ?? categories.error ?? ''}
            onRetry={() => {
              list.retry();
              categories.retry();
            }}
          />
        ) : !ready ? (
          <Spinner label="Loading promotions…" />
        ) : list.data!.items.length === 0 ? (
          <p className="rounded-md bg-gray-50 p-6 text-center text-sm text-gray-700">No promotions yet.</p>
        ) : (
          <PromotionRows promotions={list.data!.items} categories={categories.data!} onEdit={setEditing} onToggle={toggle} remove={remove} />
        )}
      </div>
      {list.data && !list.error && list.data.total > PROMOTIONS_PER_PAGE && (
        <Pagination page={Number(pageText)} totalItems={list.data.total} pageSize={PROMOTIONS_PER_PAGE} hrefFor={hrefFor} className="mt-4" />
      )}
    </div>
  );
}
