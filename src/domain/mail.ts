// Mail as the back office sees it (GET /api/admin/emails): a message of the outbox.

export type MailStatus = 'pending' | 'sent' | 'failed' | 'held';

export interface EmailMessage {
  id: number;
  to: string;
  subject: string;
  /**
   * pending: not sent yet; sent; failed: given up after its tries; held: not sent, no mail server
   * is configured (no SMTP_URL): it goes out once an instance starts with one.
   */
  status: MailStatus;
  /** Delivery attempts so far. */
  attempts: number;
  /** ISO time. */
  createdAt: string;
  /** ISO time; absent until sent. */
  sentAt?: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part, when there is one. */
  html?: string;
  /** The last delivery error, when an attempt failed. */
  lastError?: string;
}
