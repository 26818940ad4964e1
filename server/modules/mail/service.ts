// The back office's view of the outbox (GET /admin/emails) and "send again".
import type { EmailMessage } from '../../../src/domain/mail';
import { notFound } from '../../http/errors';
import type { MailBacklog, OutboxMessage, OutgoingMail, Page, Tx, MailStore } from '../../db/port';
import { parseId } from '../../http/input';
import { pageOf } from '../../query/paging';

/** Without _page/_limit: the newest page of this many. */
export const EMAILS_PAGE_SIZE = 20;

const toEmail = ({ nextAttemptAt: _next, ...message }: OutboxMessage): EmailMessage => message;

export class MailService {
  /**
   * `held`: no mail server is configured (server/index.ts: no SMTP_URL), so new messages are kept
   * as 'held' (not sent) and screens say a message waits in the outbox rather than that it was sent.
   */
  constructor(
    private readonly store: MailStore,
    private readonly now: () => number,
    readonly held = false,
  ) {}

  private get newStatus() {
    return this.held ? ('held' as const) : ('pending' as const);
  }

  /** At start: holds what waits to be sent when there is no mail server, else releases what was held. */
  holdOrRelease(): Promise<number> {
    return this.store.holdMail(this.held, this.now());
  }

  /** GET /admin/emails?_page&_limit: newest first. */
  async list(query: Record<string, unknown>): Promise<Page<EmailMessage>> {
    const page = await this.store.listMail({ slice: pageOf(query) ?? { start: 0, end: EMAILS_PAGE_SIZE } });
    return { items: page.items.map(toEmail), total: page.total };
  }

  /** POST /admin/emails/:id/resend: a copy of the message goes out as a new one (404 when there is none). */
  async resend(rawId: string): Promise<EmailMessage> {
    const id = parseId(rawId);
    const copy = id === undefined ? undefined : await this.store.resendMail(id, this.now(), this.newStatus);
    if (!copy) throw notFound('Email not found');
    return toEmail(copy);
  }

  /**
   * Puts the message in the outbox, due at `at`, in the transaction of the change it tells of: it
   * is sent (by the worker, worker.ts) only if that change is kept.
   */
  enqueue(tx: Tx, mail: OutgoingMail, at: number): Promise<void> {
    return this.store.enqueueMail(tx, mail, at, this.newStatus);
  }

  /** The pending messages: how many, and the oldest one's creation (operations' metrics). */
  backlog(): Promise<MailBacklog> {
    return this.store.mailBacklog();
  }
}
