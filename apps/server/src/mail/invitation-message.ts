import type { MailMessage } from './mailer';

export interface InvitationMessageInput {
  to: string;
  inviterName: string | null;
  organisationName: string;
  teamName: string | null;
  role: string | null;
  link: string;
  expiresAt: Date;
  /** The organisation's time zone, which decides the day the link expires on. */
  timeZone: string;
}

/**
 * The invitation e-mail: who invited them, to which organisation and team, in what role, the link
 * and the day it stops working.
 */
export function invitationMessage(input: InvitationMessageInput): MailMessage {
  const inviter = input.inviterName ?? 'Someone';
  const where = input.teamName ? `${input.teamName} at ${input.organisationName}` : input.organisationName;
  const as = input.role ? ` as ${input.role}` : '';
  const expires = expiryDay(input.expiresAt, input.timeZone);
  const subject = `${inviter} invited you to join ${where} on Wattle`;
  const text = [
    `Hello,`,
    '',
    `${inviter} has invited you to join ${where}${as} on Wattle.`,
    '',
    'To accept, open this link and sign in with this e-mail address:',
    input.link,
    '',
    `The link can be used once and expires on ${expires}.`,
    "If you weren't expecting this invitation, you can ignore this e-mail.",
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2937">',
    '<p>Hello,</p>',
    `<p><strong>${escapeHtml(inviter)}</strong> has invited you to join <strong>${escapeHtml(where)}</strong>${escapeHtml(as)} on Wattle.</p>`,
    '<p>To accept, open this link and sign in with this e-mail address:</p>',
    `<p><a href="${escapeHtml(input.link)}">Accept the invitation</a></p>`,
    `<p style="font-size: 0.9em; color: #4b5563">Or copy this address into your browser: ${escapeHtml(input.link)}</p>`,
    `<p>The link can be used once and expires on ${escapeHtml(expires)}.</p>`,
    "<p>If you weren't expecting this invitation, you can ignore this e-mail.</p>",
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject, text, html };
}

/** '9 December 2026', the day in the organisation's time zone. */
function expiryDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(instant);
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
