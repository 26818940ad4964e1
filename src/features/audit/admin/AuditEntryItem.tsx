import { Link } from 'react-router-dom';
import type { AuditAction, AuditEntry } from '../../../domain/backOffice';
import { utcDateTime } from '../../../lib/utcTime';

const ACTIONS: Record<AuditAction, string> = {
  'product.create': 'Product created',
  'product.update': 'Product edited',
  'product.delete': 'Product deleted',
  'product.restore': 'Product restored',
  'product.import': 'Product imported',
  'order.status': 'Order status changed',
  'order.note': 'Order note added',
  'order.return': 'Order return',
  'review.remove': 'Review removed',
  'shipping.create': 'Shipping method added',
  'shipping.update': 'Shipping method edited',
  'shipping.delete': 'Shipping method deleted',
  'tax.create': 'Tax rate added',
  'tax.update': 'Tax rate edited',
  'tax.delete': 'Tax rate deleted',
  'promotion.create': 'Promotion created',
  'promotion.update': 'Promotion edited',
  'promotion.delete': 'Promotion deleted',
  'brand.create': 'Brand added',
  'brand.update': 'Brand renamed',
  'brand.delete': 'Brand deleted',
  'brand.merge': 'Brand merged',
  'category.create': 'Category added',
  'category.update': 'Category renamed',
  'category.delete': 'Category deleted',
  'category.merge': 'Category merged',
  'webhook.create': 'Webhook added',
  'webhook.update': 'Webhook edited',
  'webhook.delete': 'Webhook deleted',
  'webhook.resend': 'Webhook event sent again',
  'staff.invite': 'Staff member invited',
  'staff.role': 'Staff role changed',
  'staff.remove': 'Staff member removed',
  'settings.update': 'Shop settings changed',
};

/** Who acted as what: a staff member, or a shopper acting on their own order. */
const ROLES: Record<AuditEntry['actor']['role'], string> = {
  admin: 'admin',
  catalogue: 'catalogue staff',
  fulfilment: 'fulfilment staff',
  support: 'support staff',
  user: 'shopper',
};

const MAX_VALUE = 160;
const link = 'rounded font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

/** A stored value as a line of text: lists and objects as JSON, long texts cut short. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** What the entry is about, linked where the back office has a page for it. */
function Subject({ entry }: { entry: AuditEntry }) {
  if (entry.entity === 'product') {
    return (
      <Link to={`/admin/productdetail/${entry.entityId}`} className={link}>
        Product #{entry.entityId}
      </Link>
    );
  }
  if (entry.entity === 'promotion' || entry.entity === 'webhook') {
    return (
      <Link to={`/admin/${entry.entity}s`} className={link}>
        {entry.entity === 'promotion' ? 'Promotion' : 'Webhook'} #{entry.entityId}
      </Link>
    );
  }
  if (entry.entity === 'shipping' || entry.entity === 'tax') {
    return (
      <Link to="/admin/shipping" className={link}>
        {entry.entity === 'shipping' ? 'Shipping method' : 'Tax rate'} #{entry.entityId}
      </Link>
    );
  }
  if (entry.entity === 'brand' || entry.entity === 'category') {
    return (
      <Link to="/admin/catalogue" className={link}>
        {entry.entity === 'brand' ? 'Brand' : 'Category'} #{entry.entityId}
      </Link>
    );
  }
  if (entry.entity === 'staff') {
    return (
      <Link to="/admin/staff" className={link}>
        Staff account #{entry.entityId}
      </Link>
    );
  }
  if (entry.entity === 'review') {
    const [product, review] = entry.entityId.split('/');
    return (
      <>
        Review {review} of{' '}
        <Link to={`/admin/productdetail/${product}`} className={link}>
          product #{product}
        </Link>
      </>
    );
  }
  return (
    <Link to={`/admin/orders/${entry.entityId}`} className={link}>
      Order #{entry.entityId}
    </Link>
  );
}

/** Each changed field: before → after; no before means created, no after means removed. */
function Changes({ before, after }: Pick<AuditEntry, 'before' | 'after'>) {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (fields.length === 0) return <p className="mt-2 text-sm text-gray-600">No fields recorded.</p>;
  return (
    <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,max-content)_1fr]">
      {fields.map((field) => (
        <div key={field} className="contents">
          <dt className="font-medium text-gray-900">{field}</dt>
          <dd className="mb-1 break-words text-gray-800 sm:mb-0">
            {before === null ? (
              <>
                <span className="sr-only">set to </span>
                {showValue(after?.[field])}
              </>
            ) : after === null ? (
              <>
                <span className="sr-only">removed, was </span>
                <del>{showValue(before[field])}</del>
              </>
            ) : (
              <>
                <span className="sr-only">from </span>
                <del className="text-gray-700">{showValue(before[field])}</del>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> to </span>
                <ins className="font-medium text-gray-900 no-underline">{showValue(after[field])}</ins>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One recorded change: when, who as what, what, and the fields it changed. */
export default function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const note = entry.before === null ? ' (new)' : entry.after === null ? ' (removed)' : '';
  return (
    <article aria-labelledby={`audit-${entry.id}`} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-900/5">
      <h2 id={`audit-${entry.id}`} className="text-base font-semibold text-gray-900">
        {ACTIONS[entry.action] ?? entry.action}
        {note}: <Subject entry={entry} />
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        <time dateTime={entry.at}>{utcDateTime(entry.at, true)}</time> by {entry.actor.email}{' '}
        <span className="text-gray-600">
          ({ROLES[entry.actor.role]} #{entry.actor.id})
        </span>
      </p>
      <Changes before={entry.before} after={entry.after} />
    </article>
  );
}
