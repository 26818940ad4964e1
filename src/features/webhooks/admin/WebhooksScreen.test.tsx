import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, jsonResponse, renderWithProviders, sent, stubFetch } from '../../../test/utils';
import type { WebhookDelivery, WebhookEndpoint } from '../../../domain/webhooks';
import WebhooksScreen from './WebhooksScreen';

afterEach(() => {
  vi.unstubAllGlobals();
});

const HOOKS: WebhookEndpoint[] = [
  { id: 1, url: 'https://erp.example.com/shop', events: ['order.placed', 'order.refunded'], active: true, createdAt: '2026-03-01T12:00:00.000Z' },
  { id: 2, url: 'https://stock.example.com/in', events: ['stock.low'], active: false, createdAt: '2026-03-02T12:00:00.000Z' },
];
const SECRET = `whsec_${'ab'.repeat(32)}`;
const DELIVERIES: WebhookDelivery[] = [
  { id: 8, event: 'order.placed', eventId: 'evt_2', attempt: 2, status: 200, at: '2026-03-03T12:01:00.000Z', response: 'ok' },
  { id: 7, event: 'order.placed', eventId: 'evt_2', attempt: 1, status: null, at: '2026-03-03T12:00:30.000Z', response: 'No answer within 10 s' },
];

const open = () => renderWithProviders(<WebhooksScreen />, { route: '/admin/webhooks' });

describe('WebhooksScreen', () => {
  it('lists the endpoints with their events and state; says when there are none; an error with a retry', async () => {
    let down = true;
    stubFetch({ 'GET /api/admin/webhooks': () => (down ? jsonResponse({ message: 'The server is down' }, 500) : jsonResponse(HOOKS)) });
    const user = userEvent.setup();
    open();
    expect(screen.getByRole('status')).toHaveTextContent('Loading webhooks…');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The webhooks could not be loaded');
    expect(alert).toHaveTextContent('The server is down');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const first = await screen.findByRole('article', { name: HOOKS[0].url });
    expect(document.title).toBe('Admin: Webhooks | Best Buy Shop');
    expect(first).toHaveTextContent('order.placed, order.refunded');
    expect(screen.getByRole('switch', { name: `Active: ${HOOKS[0].url}` })).toBeChecked();
    expect(screen.getByRole('switch', { name: `Active: ${HOOKS[1].url}` })).not.toBeChecked();
  });

  it('adds an endpoint: the server’s message under its field, then the secret shown once with a copy button', async () => {
    let posts = 0;
    const mock = stubFetch({
      'GET /api/admin/webhooks': () => jsonResponse(posts < 2 ? [] : [HOOKS[0]]),
      'POST /api/admin/webhooks': () =>
        ++posts === 1
          ? jsonResponse({ message: 'Invalid webhook', errors: { url: 'URL must be a public address: 10.0.0.1 is a private, loopback or reserved address' } }, 400)
          : jsonResponse({ ...HOOKS[0], secret: SECRET }, 201),
    });
    // user-event stands in for the clipboard.
    const user = userEvent.setup();
    open();
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const form = screen.getByRole('form', { name: 'New webhook' });
    expect(within(form).getByLabelText('URL (http:// or https://)')).toHaveFocus();
    await user.click(within(form).getByRole('button', { name: 'Save webhook' }));
    expect(within(form).getByText('URL is required')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one event')).toBeInTheDocument();
    expect(posts).toBe(0);

    await user.type(within(form).getByLabelText('URL (http:// or https://)'), 'http://10.0.0.1/hook');
    await user.click(within(form).getByRole('checkbox', { name: /order\.placed/ }));
    await user.click(within(form).getByRole('checkbox', { name: /order\.refunded/ }));
    await user.click(within(form).getByRole('button', { name: 'Save webhook' }));
    expect(await within(form).findByText(/10\.0\.0\.1 is a private/)).toBeInTheDocument();
    expect(within(form).getByLabelText('URL (http:// or https://)')).toHaveFocus();

    await user.clear(within(form).getByLabelText('URL (http:// or https://)'));
    await user.type(within(form).getByLabelText('URL (http:// or https://)'), HOOKS[0].url);
    await user.keyboard('{Enter}');
    const notice = await screen.findByRole('region', { name: 'Webhook added: copy its signing secret now' });
    expect(sent(mock, 'POST /api/admin/webhooks').at(-1)).toEqual({ url: HOOKS[0].url, events: ['order.placed', 'order.refunded'] });
    expect(within(notice).getByLabelText('Signing secret')).toHaveTextContent(SECRET);
    await user.click(within(notice).getByRole('button', { name: 'Copy secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(notice).getByRole('status')).toHaveTextContent('Secret copied.');
    expect(await screen.findByRole('article', { name: HOOKS[0].url })).toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('pauses an endpoint with its switch and deletes one after asking', async () => {
    let listed = HOOKS;
    const mock = stubFetch({
      'GET /api/admin/webhooks': () => jsonResponse(listed),
      'PATCH /api/admin/webhooks/1': () => ((listed = [{ ...HOOKS[0], active: false }, HOOKS[1]]), jsonResponse(listed[0])),
      'DELETE /api/admin/webhooks/2': () => ((listed = listed.slice(0, 1)), new Response(null, { status: 204 })),
    });
    const user = userEvent.setup();
    open();
    const toggle = await screen.findByRole('switch', { name: `Active: ${HOOKS[0].url}` });
    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(screen.getByRole('switch', { name: `Active: ${HOOKS[0].url}` })).not.toBeChecked());
    expect(sent(mock, 'PATCH /api/admin/webhooks/1')).toEqual([{ active: false }]);

    await user.click(screen.getByRole('button', { name: `Delete ${HOOKS[1].url}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: HOOKS[1].url })).not.toBeInTheDocument());
    expect(calls(mock)).toContain('DELETE /api/admin/webhooks/2');
  });

  it('shows an endpoint’s deliveries newest first, and "Resend" queues one again', async () => {
    const mock = stubFetch({
      'GET /api/admin/webhooks': () => jsonResponse(HOOKS),
      'GET /api/admin/webhooks/1/deliveries': () => jsonResponse(DELIVERIES, 200, { 'X-Total-Count': '2' }),
      'POST /api/admin/webhooks/1/deliveries/7/resend': () => jsonResponse({ id: 9, event: 'order.placed', eventId: 'evt_2' }, 202),
      'POST /api/admin/webhooks/1/deliveries/8/resend': () => jsonResponse({ message: 'No such delivery' }, 404),
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: `Deliveries to ${HOOKS[0].url}` }));
    const panel = await screen.findByRole('region', { name: `Deliveries to ${HOOKS[0].url}` });
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveFocus();
    const table = await within(panel).findByRole('table');
    expect(calls(mock)).toContain('GET /api/admin/webhooks/1/deliveries?_limit=50');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(0, 2).map((c) => c.textContent))).toEqual([
      ['2', '200'],
      ['1', 'No answer'],
    ]);
    expect(rows[1]).toHaveTextContent('No answer within 10 s');

    await user.click(within(rows[1]).getByRole('button', { name: /^Resend order\.placed, attempt 1/ }));
    expect(await within(panel).findByText('order.placed (evt_2) is queued to be sent again.')).toBeInTheDocument();
    await user.click(within(rows[0]).getByRole('button', { name: /^Resend order\.placed, attempt 2/ }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Not queued: No such delivery');
  });
});
