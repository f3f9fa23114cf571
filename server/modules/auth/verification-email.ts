import type { EmailMessage } from '@server/adapters/email/email.port';
import { escapeHtml } from '@server/platform/lib/html';

export function buildVerificationEmail(input: {
  to: string;
  firstName: string;
  code: string;
  purpose: 'register' | 'login';
  validMinutes: number;
}): EmailMessage {
  const intro =
    input.purpose === 'register'
      ? 'Welcome to LeadLoop! Use this code to verify your email and start your free 14-day trial:'
      : 'Use this code to sign in to LeadLoop:';
  const expiry = `The code expires in ${input.validMinutes} minutes and can be used once.`;
  const ignore = "If you didn't ask for this code, you can ignore this email — nobody can sign in without it.";
  const text = [`Hi ${input.firstName},`, '', intro, '', `    ${input.code}`, '', expiry, '', ignore, '', '— LeadLoop'].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1a1b1e">
<p>Hi ${escapeHtml(input.firstName)},</p>
<p>${escapeHtml(intro)}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px;font-family:ui-monospace,Menlo,monospace">${escapeHtml(input.code)}</p>
<p>${escapeHtml(expiry)}</p>
<p style="color:#868e96">${escapeHtml(ignore)}</p>
<p>— LeadLoop</p>
</body></html>`;
  return { to: input.to, subject: `Your LeadLoop code: ${input.code}`, text, html };
}
