// The membership reminder: a member's paid term ends in MEMBERSHIP_REMINDER_DAYS or fewer and the
// renewal was not stopped. A plain-text part and an HTML part from the same values.
import { formatMoney, toDollars, type Cents } from '../../../src/domain/checkout';
import { memberUntilDay } from '../../../src/domain/memberUntil';
import type { OutgoingMail } from '../../db/port';
import { escapeHtml } from './messages';

/** "Your membership ends on June 14, 2027 (UTC)": the day the profile shows too. */
export const membershipEndsSubject = (until: string) => `Your membership ends on ${memberUntilDay(until)}`;

/** The reminder to `to` of the term ending `until` (ISO); `fee`: what a new year costs now. */
export function membershipReminderMail(to: string, until: string, fee: Cents, base: string): OutgoingMail {
  const subject = membershipEndsSubject(until);
  const url = `${base}/profile`;
  const lines = [
    `${subject}. Until then the members' prices stay yours.`,
    `To stay a member, apply for membership again on your profile once it has ended (${formatMoney(toDollars(fee))} a year).`,
    'Do not want this reminder? Choose "Stop renewal" on your profile.',
  ];
  const text = [...lines, '', `Your profile: ${url}`].join('\n');
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family: system-ui, sans-serif; color: #111827; line-height: 1.5">` +
    lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
    `<p><a href="${escapeHtml(url)}">Your profile</a><br>${escapeHtml(url)}</p></body></html>`;
  return { to, subject, text, html };
}
