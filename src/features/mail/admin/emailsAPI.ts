// The back office's outbox: GET /admin/emails?_page=&_limit= (admin only, newest first),
// POST /admin/emails/:id/resend, and the list's page in the page URL (?page=).
import { apiClient } from '../../../lib/apiClient';
import { pageParam } from '../../../lib/listingParams';
import type { EmailMessage } from '../../../domain/mail';

export const EMAILS_PER_PAGE = 20;

export interface EmailsQuery {
  page: number;
}

/** Reads the URL; anything malformed is page 1. */
export function parseEmailsParams(params: URLSearchParams): EmailsQuery {
  return { page: pageParam(params) };
}

/** Only what differs from the default, so the plain /admin/emails URL stays clean. */
export function toEmailsParams({ page }: EmailsQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The API form: _page and _limit. */
export function emailsApiQuery({ page }: EmailsQuery): string {
  return new URLSearchParams({ _page: String(page), _limit: String(EMAILS_PER_PAGE) }).toString();
}

/** useLatest's key is the API query; the answer is a page of messages and the total. */
export const fetchEmails = (apiQuery: string) => apiClient.list<EmailMessage>(`/admin/emails?${apiQuery}`);

/** "Send again": a copy of the message goes in the outbox as a new one; the copy. */
export const resendEmail = (id: number) => apiClient.post<EmailMessage>(`/admin/emails/${id}/resend`, {});

// GET /mail-status: {held}, true while no mail server is configured (messages wait in the outbox).
export const fetchMailStatus = () => apiClient.get<{ held: boolean }>('/mail-status');
