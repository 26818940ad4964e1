import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, jsonResponse, renderWithProviders, stubFetch } from '../../../test/utils';
import type { AuditEntry } from '../../../domain/backOffice';
import AuditScreen from './AuditScreen';

afterEach(() => {
  vi.unstubAllGlobals();
});

const actor = { id: 1, email: 'admin@shop.test', role: 'admin' } as const;
const ENTRIES: AuditEntry[] = [
  { id: 4, at: '2026-03-04T12:00:00.000Z', actor, action: 'product.update', entity: 'product', entityId: '5', before: { price: 100, title: 'Lamp' }, after: { price: 120, title: 'Desk Lamp' } },
  { id: 3, at: '2026-03-03T12:00:00.000Z', actor: { id: 7, email: 'sam@shop.test', role: 'user' }, action: 'order.status', entity: 'order', entityId: '9', before: { status: 'pending' }, after: { status: 'cancelled' } },
  { id: 2, at: '2026-03-02T12:00:00.000Z', actor: { id: 2, email: 'boss@shop.test', role: 'admin' }, action: 'review.remove', entity: 'review', entityId: '5/2', before: { comment: 'Meh.', rating: 2 }, after: null },
  { id: 1, at: '2026-03-01T12:00:00.000Z', actor, action: 'product.create', entity: 'product', entityId: '5', before: null, after: { title: 'Lamp', images: ['/a.svg', '/b.svg'] } },
];

function auditServer({ fail, entries = ENTRIES, total }: { fail?: () => boolean; entries?: AuditEntry[]; total?: number } = {}) {
  return stubFetch({
    'GET /api/admin/audit': () =>
      fail?.()
        ? jsonResponse({ message: 'The server is down' }, 500)
        : jsonResponse(entries, 200, { 'X-Total-Count': String(total ?? entries.length) }),
  });
}

const open = (route = '/admin/audit') => renderWithProviders(<AuditScreen />, { route });
const entry = (name: RegExp) => screen.getByRole('article', { name });

describe('AuditScreen', () => {
  it('lists the recorded changes newest first: when, who as what, what, and each field before → after', async () => {
    const mock = auditServer();
    open();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the audit log…');
    await screen.findByRole('heading', { name: 'Product edited: Product #5' });
    expect(document.title).toBe('Admin: Audit log | Best Buy Shop');
    expect(calls(mock)).toEqual(['GET /api/admin/audit?_page=1&_limit=20']);
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([
      'audit-4',
      'audit-3',
      'audit-2',
      'audit-1',
    ]);

    const edited = entry(/Product edited/);
    expect(within(edited).getByRole('link', { name: 'Product #5' })).toHaveAttribute('href', '/admin/productdetail/5');
    expect(edited).toHaveTextContent('by admin@shop.test (admin #1)');
    expect(within(edited).getByRole('time')).toHaveAttribute('dateTime', '2026-03-04T12:00:00.000Z');
    const terms = within(edited).getAllByRole('term').map((t) => t.textContent);
    const values = within(edited).getAllByRole('definition').map((d) => d.textContent);
    expect(terms).toEqual(['price', 'title']);
    expect(values).toEqual(['from 100 →  to 120', 'from Lamp →  to Desk Lamp']);

    const order = entry(/Order status changed/);
    expect(order).toHaveTextContent('Order #9');
    // The back office's order page.
    expect(within(order).getByRole('link', { name: 'Order #9' })).toHaveAttribute('href', '/admin/orders/9');
    expect(within(order).getByRole('definition')).toHaveTextContent('from pending → to cancelled');
    // A shopper's own cancel is labelled as theirs, not an admin's.
    expect(order).toHaveTextContent('by sam@shop.test (shopper #7)');

    const review = entry(/Review removed \(removed\)/);
    expect(within(review).getByRole('link', { name: 'product #5' })).toHaveAttribute('href', '/admin/productdetail/5');
    expect(review).toHaveTextContent('Review 2 of product #5');
    expect(review).toHaveTextContent('by boss@shop.test (admin #2)');
    expect(within(review).getAllByRole('definition').map((d) => d.textContent)).toEqual(['removed, was Meh.', 'removed, was 2']);

    const created = entry(/Product created \(new\)/);
    expect(within(created).getAllByRole('definition').map((d) => d.textContent)).toEqual([
      'set to Lamp',
      'set to ["/a.svg","/b.svg"]',
    ]);
  });

  it('filters by entity and by admin, kept in the URL and sent to the server', async () => {
    const mock = auditServer();
    const user = userEvent.setup();
    const { router } = open();
    await screen.findByRole('heading', { name: /Product edited/ });

    await user.selectOptions(screen.getByLabelText('Entity'), 'order');
    expect(router.state.location.search).toBe('?entity=order');
    await waitFor(() => expect(calls(mock).at(-1)).toBe('GET /api/admin/audit?_page=1&_limit=20&entity=order'));

    await user.type(screen.getByLabelText('By (user id)'), '2');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(router.state.location.search).toBe('?entity=order&actor=2');
    await waitFor(() => expect(calls(mock).at(-1)).toBe('GET /api/admin/audit?_page=1&_limit=20&entity=order&actor=2'));

    await user.selectOptions(screen.getByLabelText('Entity'), 'All entities');
    expect(router.state.location.search).toBe('?actor=2');
    expect(screen.getByLabelText('By (user id)')).toHaveValue('2');
  });

  it('opens on the URL’s filters and page, and pages with links', async () => {
    const mock = auditServer({ total: 45 });
    const user = userEvent.setup();
    const { router } = open('/admin/audit?entity=review&actor=2&page=2');
    await screen.findByText(/^Showing/);
    expect(calls(mock)).toEqual(['GET /api/admin/audit?_page=2&_limit=20&entity=review&actor=2']);
    expect(screen.getByText(/^Showing/).textContent).toBe('Showing 21 to 40 of 45 results');
    expect(screen.getByLabelText('Entity')).toHaveValue('review');
    expect(screen.getByLabelText('By (user id)')).toHaveValue('2');

    await user.click(screen.getByRole('link', { name: /Next/ }));
    expect(router.state.location.search).toBe('?entity=review&actor=2&page=3');
    await waitFor(() => expect(calls(mock).at(-1)).toBe('GET /api/admin/audit?_page=3&_limit=20&entity=review&actor=2'));
  });

  it('says when nothing is recorded, and when nothing matches the filters', async () => {
    auditServer({ entries: [] });
    const { unmount } = open();
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
    unmount();
    open('/admin/audit?entity=review');
    expect(await screen.findByText('No changes match these filters.')).toBeInTheDocument();
  });

  it('says what failed and tries again on request', async () => {
    let down = true;
    auditServer({ fail: () => down });
    const user = userEvent.setup();
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The audit log could not be loaded');
    expect(alert).toHaveTextContent('The server is down');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: /Product edited/ })).toBeInTheDocument();
  });
});
