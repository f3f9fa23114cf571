import type { EmailMessage } from '@server/adapters/email/email.port';
import { ROLE_WORDS, type Role } from '@contracts/team';
import { escapeHtml } from '@server/platform/lib/html';

/** The invitation: who invites, to which company, with which role, and the link (valid `validDays`). */
export function buildInvitationEmail(input: { to: string; inviterName: string; companyName: string; role: Role; link: string; validDays: number }): EmailMessage {
  const role = ROLE_WORDS[input.role].label.toLowerCase();
  const intro = `${input.inviterName} invited you to join ${input.companyName} on LeadLoop as ${role === 'admin' ? 'an' : 'a'} ${role}.`;
  const how = 'Open the link, tell us your name, and sign in with the code we email you. No password.';
  const expiry = `The link works once and expires in ${input.validDays} days.`;
  const ignore = "If you weren't expecting this, you can ignore this email.";
  const text = [intro, '', how, '', input.link, '', expiry, '', ignore, '', '— LeadLoop'].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1a1b1e">
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(how)}</p>
<p><a href="${escapeHtml(input.link)}">Join ${escapeHtml(input.companyName)}</a></p>
<p>${escapeHtml(expiry)}</p>
<p style="color:#868e96">${escapeHtml(ignore)}</p>
<p>— LeadLoop</p>
</body></html>`;
  return { to: input.to, subject: `${input.inviterName} invited you to ${input.companyName} on LeadLoop`, text, html };
}

/** The sign-in code for someone joining through an invitation. */
export function buildJoinCodeEmail(input: { to: string; firstName: string; companyName: string; code: string; validMinutes: number }): EmailMessage {
  const intro = `Use this code to join ${input.companyName} on LeadLoop:`;
  const expiry = `The code expires in ${input.validMinutes} minutes and can be used once.`;
  const text = [`Hi ${input.firstName},`, '', intro, '', `    ${input.code}`, '', expiry, '', '— LeadLoop'].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1a1b1e">
<p>Hi ${escapeHtml(input.firstName)},</p>
<p>${escapeHtml(intro)}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px;font-family:ui-monospace,Menlo,monospace">${escapeHtml(input.code)}</p>
<p>${escapeHtml(expiry)}</p>
<p>— LeadLoop</p>
</body></html>`;
  return { to: input.to, subject: `Your LeadLoop code: ${input.code}`, text, html };
}
