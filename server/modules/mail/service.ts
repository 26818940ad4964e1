// The back office's view of the outbox (GET /admin/emails) and "send again".
import type { EmailMessage } from '../../../src/domain/mail';
import { notFound } from '../../http/errors';
import type { OutboxMessage, OutgoingMail, Page, Tx, MailStore } from '../../db/port';
import { parseId } from '../../http/input';
import { pageOf } from '../../query/paging';

/** Without _page/_limit: the newest page of this many. */
export const EMAILS_PAGE_SIZE = 20;

const toEmail = ({ nextAttemptAt: _next, ...message }: OutboxMessage): EmailMessage => message;

export class MailService {
  constructor(
    private readonly store: MailStore,
    private readonly now: () => number,
  ) {}

  /** GET /admin/emails?_page&_limit: newest first. */
  async list(query: Record<string, unknown>): Promise<Page<EmailMessage>> {
    const page = await this.store.listMail({ slice: pageOf(query) ?? { start: 0, end: EMAILS_PAGE_SIZE } });
    return { items: page.items.map(toEmail), total: page.total };
  }

  /** POST /admin/emails/:id/resend: a copy of the message goes out as a new one (404 when there is none). */
  async resend(rawId: string): Promise<EmailMessage> {
    const id = parseId(rawId);
    const copy = id === undefined ? undefined : await this.store.resendMail(id, this.now());
    if (!copy) throw notFound('Email not found');
    return toEmail(copy);
  }

  /**
   * Puts the message in the outbox, due at `at`, in the transaction of the change it tells of: it
   * is sent (by the worker, worker.ts) only if that change is kept.
   */
  enqueue(tx: Tx, mail: OutgoingMail, at: number): Promise<void> {
    return this.store.enqueueMail(tx, mail, at);
  }
}
