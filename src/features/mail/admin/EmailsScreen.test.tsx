import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, jsonResponse, renderWithProviders, stubFetch } from '../../../test/utils';
import type { EmailMessage } from '../../../domain/mail';
import EmailsScreen from './EmailsScreen';

afterEach(() => {
  vi.unstubAllGlobals();
});

const HTML = '<!doctype html><html><body><p>Thank you for your order #42.</p><script>parent.hacked = true</script></body></html>';
const EMAILS: EmailMessage[] = [
  { id: 3, to: 'asha@shop.test', subject: 'Order #42 confirmed', status: 'pending', attempts: 0, createdAt: '2026-03-04T12:00:00.000Z', text: 'Thank you for your order #42.\n\nTotal: $2,500', html: HTML },
  { id: 2, to: 'ben@shop.test', subject: 'Order #41 has been shipped', status: 'failed', attempts: 5, createdAt: '2026-03-03T12:00:00.000Z', text: 'Shipped.', lastError: '550 mailbox unavailable' },
  { id: 1, to: 'asha@shop.test', subject: 'Reset your password', status: 'sent', attempts: 1, createdAt: '2026-03-01T12:00:00.000Z', sentAt: '2026-03-01T12:00:05.000Z', text: 'Open this link.' },
];

function mailServer({
  fail,
  emails = EMAILS,
  total,
  resend,
  held = false,
}: { fail?: () => boolean; emails?: EmailMessage[]; total?: number; resend?: (id: string) => Response; held?: boolean } = {}) {
  return stubFetch({
    'GET /api/mail-status': () => jsonResponse({ held }),
    'GET /api/admin/emails': () =>
      fail?.() ? jsonResponse({ message: 'The server is down' }, 500) : jsonResponse(emails, 200, { 'X-Total-Count': String(total ?? emails.length) }),
    'POST /api/admin/emails/3/resend': () => resend?.('3') ?? jsonResponse({ ...EMAILS[0], id: 4, createdAt: '2026-03-05T12:00:00.000Z' }, 201),
    'POST /api/admin/emails/2/resend': () => resend?.('2') ?? jsonResponse({ message: 'Email not found' }, 404),
  });
}

// The back office writes times in UTC, and says so, whatever the browser's own zone.
const shown = (iso: string) => `${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC`;
const open = (route = '/admin/emails') => renderWithProviders(<EmailsScreen />, { route });
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
/** The list's requests (the page also asks, once, whether mail is held). */
const listCalls = (mock: ReturnType<typeof mailServer>) => calls(mock).filter((c) => c !== 'GET /api/mail-status');

describe('EmailsScreen', () => {
  it('lists the outbox newest first: to, subject, status, attempts, created, sent', async () => {
    const mock = mailServer();
    open();
    expect(screen.getByRole('status')).toHaveTextContent('Loading emails…');
    await screen.findByRole('table');
    expect(document.title).toBe('Admin: Emails | Best Buy Shop');
    expect(listCalls(mock)).toEqual(['GET /api/admin/emails?_page=1&_limit=20']);
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'To',
      'Subject',
      'Status',
      'Attempts',
      'Created',
      'Sent',
    ]);
    expect(rows().map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['asha@shop.test', 'Not sent yet', '0', shown(EMAILS[0].createdAt), '—'],
      ['ben@shop.test', 'Failed', '5', shown(EMAILS[1].createdAt), '—'],
      ['asha@shop.test', 'Sent', '1', shown(EMAILS[2].createdAt), shown(EMAILS[2].sentAt!)],
    ]);
    expect(rows().map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Order #42 confirmed (preview)',
      'Order #41 has been shipped (preview)',
      'Reset your password (preview)',
    ]);
    expect(screen.queryByRole('region', { name: /Plain text/ })).not.toBeInTheDocument();
  });

  it('previews the chosen message: the HTML in a sandboxed frame, the text part, and its delivery state', async () => {
    mailServer();
    const user = userEvent.setup();
    open();
    await screen.findByRole('table');
    const choose = screen.getByRole('button', { name: 'Order #42 confirmed (preview)' });
    choose.focus();
    await user.keyboard('{Enter}');
    expect(choose).toHaveAttribute('aria-pressed', 'true');

    const preview = screen.getByRole('region', { name: 'Order #42 confirmed' });
    expect(within(preview).getByRole('heading', { level: 2 })).toHaveFocus();
    const frame = within(preview).getByTitle('HTML of “Order #42 confirmed”');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(HTML);
    expect(within(preview).getByRole('region', { name: 'Plain text of “Order #42 confirmed”' }).textContent).toBe(EMAILS[0].text);
    expect(preview).toHaveTextContent('Toasha@shop.test');
    expect(preview).toHaveTextContent('Not sent yet after 0 attempts');
    expect(preview).toHaveTextContent('SentNot yet');

    await user.click(screen.getByRole('button', { name: 'Order #41 has been shipped (preview)' }));
    const failed = screen.getByRole('region', { name: 'Order #41 has been shipped' });
    expect(failed).toHaveTextContent('Last error550 mailbox unavailable');
    expect(within(failed).queryByTitle(/HTML of/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Order #42 confirmed (preview)' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('"Send again" queues a copy, says so, and reloads the list; a refusal is shown as an error', async () => {
    const mock = mailServer();
    const user = userEvent.setup();
    open();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Order #42 confirmed (preview)' }));
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('A copy of “Order #42 confirmed” is on its way to asha@shop.test.')).toBeInTheDocument();
    expect(calls(mock)).toContain('POST /api/admin/emails/3/resend');
    await waitFor(() => expect(listCalls(mock).filter((c) => c.startsWith('GET'))).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Order #41 has been shipped (preview)' }));
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Email not found')).toBeInTheDocument();
    expect(screen.getByText('Email not found').closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Send again' })).toBeEnabled();
  });

  it('pages with links kept in the URL', async () => {
    const mock = mailServer({ total: 45 });
    const user = userEvent.setup();
    const { router } = open('/admin/emails?page=2');
    await screen.findByText(/^Showing/);
    expect(listCalls(mock)).toEqual(['GET /api/admin/emails?_page=2&_limit=20']);
    expect(screen.getByText(/^Showing/).textContent).toBe('Showing 21 to 40 of 45 results');
    await user.click(screen.getByRole('link', { name: /Next/ }));
    expect(router.state.location.search).toBe('?page=3');
    await waitFor(() => expect(listCalls(mock).at(-1)).toBe('GET /api/admin/emails?_page=3&_limit=20'));
  });

  it('says when there is no mail, and what failed with a retry', async () => {
    mailServer({ emails: [] });
    const { unmount } = open();
    expect(await screen.findByText('No emails yet.')).toBeInTheDocument();
    unmount();

    let down = true;
    mailServer({ fail: () => down });
    const user = userEvent.setup();
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The emails could not be loaded');
    expect(alert).toHaveTextContent('The server is down');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('without a mail server: a notice says nothing is sent, and a held message is marked so and readable in full', async () => {
    const heldMessage: EmailMessage = { ...EMAILS[2], id: 5, status: 'held', sentAt: undefined, text: 'Confirm: http://localhost:8080/verify-email?token=abc' };
    mailServer({ held: true, emails: [heldMessage] });
    open();
    expect(await screen.findByRole('note')).toHaveTextContent('No mail server is configured, so nothing is sent');
    expect(within(rows()[0]).getByText('Held: no mail server')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset your password (preview)' }));
    expect(screen.getByRole('region', { name: 'Plain text of “Reset your password”' }).textContent).toBe(heldMessage.text);
  });

  it('with a mail server there is no notice', async () => {
    mailServer();
    open();
    await screen.findByRole('table');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
