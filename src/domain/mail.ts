// Mail as the back office sees it (GET /api/admin/emails): a message of the outbox.

export type MailStatus = 'pending' | 'sent' | 'failed';

export interface EmailMessage {
  id: number;
  to: string;
  subject: string;
  /** pending: not sent yet (or no SMTP_URL configured); sent; failed: given up after its tries. */
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
