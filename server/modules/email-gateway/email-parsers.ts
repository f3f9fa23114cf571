import metadata from 'libphonenumber-js/min/metadata';
import type { EmailParser, ExtractedLead } from '@contracts/email-gateway';
import { parseUsCaPhone } from '@contracts/phone';
import { truncate } from '@contracts/text';

/** What the parsers read of an email (from mailparser's result): plain text only, never its HTML. */
export interface MailForParsing {
  subject: string;
  from: { address: string; name: string } | null;
  replyTo: { address: string; name: string } | null;
  text: string;
}

/** The longest message kept from an email (the lead's words for staff). */
export const MESSAGE_LENGTH = 1_000;

interface Format {
  parser: Exclude<EmailParser, 'generic'>;
  /** Sender domains (also found in a forwarded email's text). */
  domains: string[];
  /** Or: a subject that says which format it is. */
  subject?: RegExp;
  labels: Record<'name' | 'phone' | 'email' | 'service' | 'message', string[]>;
  /** A subject that names the person or the service ("Jamie Rivera wants House Cleaning"). */
  subjectPattern?: RegExp;
}

const COMMON = {
  name: ['name', 'full name', 'customer', 'customer name', 'contact name', 'your name'],
  phone: ['phone', 'phone number', 'mobile', 'mobile number', 'cell', 'telephone', 'customer phone'],
  email: ['email', 'email address', 'e-mail', 'customer email'],
  service: ['service', 'service requested', 'service type', 'job type', 'category', 'task', 'project', 'job'],
  message: ['message', 'comment or message', 'your message', 'details', 'comments', 'project details', 'job details', 'additional details', 'notes', 'description', 'how can we help'],
};

const FORMATS: Format[] = [
  {
    parser: 'thumbtack',
    domains: ['thumbtack.com'],
    labels: { ...COMMON, name: ['customer', ...COMMON.name] },
    subjectPattern: /^(?:new (?:lead|request)[:!-]\s*)?(?<name>[^,]+?) (?:wants|needs|requested|is requesting|is looking for)(?: a quote for)?(?: an? )?\s*(?<service>.+?)\.?$/i,
  },
  {
    parser: 'angi',
    domains: ['angi.com', 'angieslist.com', 'homeadvisor.com'],
    labels: { ...COMMON, name: ['homeowner', 'homeowner name', ...COMMON.name], service: ['task', 'task name', 'service', ...COMMON.service], message: ['comments', 'customer comments', ...COMMON.message] },
  },
  {
    parser: 'yelp',
    domains: ['yelp.com'],
    labels: { ...COMMON, message: ['message', 'request', 'project details', ...COMMON.message] },
    subjectPattern: /(?:new (?:message|request) from|request a quote from) (?<name>[^-–—:]+?)(?:\s*[-–—:]|$)/i,
  },
  {
    parser: 'google_lsa',
    domains: ['localservices.google.com', 'ads-noreply@google.com'],
    subject: /local services/i,
    labels: { ...COMMON, service: ['job type', 'service', ...COMMON.service] },
  },
  {
    parser: 'facebook',
    domains: ['facebookmail.com', 'facebook.com'],
    subject: /lead ads?|new lead from .*facebook/i,
    labels: { ...COMMON, name: ['full_name', 'full name', ...COMMON.name], phone: ['phone_number', 'phone number', ...COMMON.phone], email: ['email', ...COMMON.email], service: ['what service do you need?', 'service', ...COMMON.service], message: ['message', ...COMMON.message] },
  },
  {
    parser: 'web_form',
    domains: ['wpforms.com', 'jotform.com', 'typeform.com', 'formspree.io', 'gravityforms.com', 'wix.com', 'squarespace.com'],
    subject: /(?:form submission|new submission|contact form|website (?:form|inquiry|enquiry)|new entry)/i,
    labels: COMMON,
  },
];

/** The marketplaces' and form services' own domains: an address there (a sender, a Reply-To relay) is never the customer's. */
const SERVICE_DOMAINS = FORMATS.flatMap((format) => format.domains.filter((domain) => !domain.includes('@')));
const SERVICE_ADDRESSES = FORMATS.flatMap((format) => format.domains.filter((domain) => domain.includes('@')));
export function isServiceAddress(address: string): boolean {
  const lower = address.trim().toLowerCase();
  const domain = lower.split('@')[1] ?? '';
  return SERVICE_ADDRESSES.includes(lower) || SERVICE_DOMAINS.some((own) => domain === own || domain.endsWith(`.${own}`));
}
/** A display name that is the marketplace's own ("Thumbtack", "Yelp for Business"), not a person's. */
const SERVICE_NAME = /^(?:thumbtack|yelp|angi|angie['’]?s list|homeadvisor|google|facebook|meta|wpforms|jotform|typeform|formspree|wix|squarespace)\b/i;

const normalize = (label: string) => label.toLowerCase().replace(/[*_:]+/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * "Label: value" on one line, or "Label" alone on a line with the value on the next (how HTML tables come out
 * as text). A message label also takes the lines after it up to a blank line or the next "Label:" line.
 */
function findLabeled(lines: string[], labels: string[], multiline: boolean): { value: string; label: string } | null {
  const wanted = new Set(labels.map(normalize));
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    const inline = /^\**([A-Za-z_][A-Za-z _'?/-]{0,40}?)\**\s*[:：]\s*(.*)$/.exec(line);
    let label: string | null = null;
    let value = '';
    if (inline && wanted.has(normalize(inline[1] ?? ''))) {
      label = (inline[1] ?? '').trim();
      value = (inline[2] ?? '').trim();
    } else if (wanted.has(normalize(line)) && line.length <= 40) {
      label = line;
    }
    if (label === null) continue;
    let j = i + 1;
    if (!value) {
      while (j < lines.length && !(lines[j] ?? '').trim()) j++;
      value = (lines[j] ?? '').trim();
      j++;
    }
    if (multiline && value) {
      for (; j < lines.length; j++) {
        const next = (lines[j] ?? '').trim();
        if (!next || /^[A-Za-z_][A-Za-z _'?/-]{0,40}:/.test(next)) break;
        value += `\n${next}`;
      }
    }
    if (value) return { value, label: label.replace(/[*:]+/g, '').trim() };
  }
  return null;
}

const PHONE_PATTERN = /(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/g;
const TOLL_FREE = /^\+1(800|833|844|855|866|877|888)/;

const toE164 = (value: string): string | null => parseUsCaPhone(value, metadata)?.e164 ?? null;

/** The first US/Canadian number in a text that is not toll-free (marketplaces sign with their own 800 numbers). */
function scanPhone(text: string): string | null {
  for (const match of text.matchAll(PHONE_PATTERN)) {
    const e164 = toE164(match[0]);
    if (e164 && !TOLL_FREE.test(e164)) return e164;
  }
  return null;
}

const EMAIL_PATTERN = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const cleanEmail = (value: string): string | null => {
  const match = /[^\s@<>:"]+@[^\s@<>"]+\.[A-Za-z]{2,}/.exec(value);
  return match && EMAIL_PATTERN.test(match[0]) ? match[0].toLowerCase() : null;
};
const isForwarded = (text: string) => /-{2,}\s*Forwarded message\s*-{2,}|^Begin forwarded message:/im.test(text);

/** Which format an email is: its sender's domain, a forwarded copy's original sender, or its subject. */
export function detectFormat(mail: MailForParsing): Format | null {
  const sender = mail.from?.address.toLowerCase() ?? '';
  const forwardedFrom = /^(?:From|Von|De):.*$/gim;
  const senders = [sender, ...Array.from(mail.text.matchAll(forwardedFrom), (m) => m[0].toLowerCase())];
  for (const format of FORMATS) {
    if (senders.some((s) => format.domains.some((d) => s.includes(d.includes('@') ? d : `@${d}`) || s.includes(`.${d}`)))) return format;
  }
  return FORMATS.find((format) => format.subject?.test(mail.subject)) ?? null;
}

/**
 * Reads a lead email: the known formats by their labels (and subject), anything else by what any email shows —
 * labelled lines, the first phone number in the text, the sender. Says for each field where it was found.
 */
export function parseLeadEmail(mail: MailForParsing): { parser: EmailParser; lead: ExtractedLead } {
  const format = detectFormat(mail);
  const labels = format?.labels ?? COMMON;
  const lines = mail.text.replace(/\r\n?/g, '\n').split('\n');
  const lead: ExtractedLead = { name: null, phone: null, email: null, service: null, message: null, how: {} };

  const name = findLabeled(lines, labels.name, false);
  if (name) [lead.name, lead.how.name] = [truncate(name.value, 120, { ellipsis: false }), `the “${name.label}” line`];
  const phone = findLabeled(lines, labels.phone, false);
  const labeledPhone = phone ? toE164(phone.value) : null;
  if (phone && labeledPhone) [lead.phone, lead.how.phone] = [labeledPhone, `the “${phone.label}” line`];
  const email = findLabeled(lines, labels.email, false);
  const labeledEmail = email ? cleanEmail(email.value) : null;
  // A marketplace's relay written as the customer's email ("Email: reply+… @messages.thumbtack.com") is not theirs.
  if (email && labeledEmail && !isServiceAddress(labeledEmail)) [lead.email, lead.how.email] = [labeledEmail, `the “${email.label}” line`];
  const service = findLabeled(lines, labels.service, false);
  if (service) [lead.service, lead.how.service] = [truncate(service.value, 120, { ellipsis: false }), `the “${service.label}” line`];
  const message = findLabeled(lines, labels.message, true);
  if (message) [lead.message, lead.how.message] = [truncate(message.value, MESSAGE_LENGTH, { ellipsis: true }), `the “${message.label}” line`];

  const fromSubject = format?.subjectPattern?.exec(mail.subject)?.groups;
  if (!lead.name && fromSubject?.name) [lead.name, lead.how.name] = [fromSubject.name.trim(), 'the subject'];
  if (!lead.service && fromSubject?.service) [lead.service, lead.how.service] = [fromSubject.service.trim(), 'the subject'];

  if (!lead.phone) {
    const scanned = scanPhone(mail.text);
    if (scanned) [lead.phone, lead.how.phone] = [scanned, 'the first phone number in the email'];
  }
  // A Reply-To may be the customer; a marketplace's own address or relay never is (its display name may still be
  // the customer's, unless it is the marketplace's). A plain email's sender is the person.
  const marketplaceSender = format !== null && format.parser !== 'web_form';
  if (mail.replyTo && mail.replyTo.address.toLowerCase() !== mail.from?.address.toLowerCase()) {
    const reply = cleanEmail(mail.replyTo.address);
    if (!lead.email && reply && !isServiceAddress(reply)) [lead.email, lead.how.email] = [reply, 'the Reply-To address'];
    const replyName = mail.replyTo.name.trim();
    if (!lead.name && replyName && !SERVICE_NAME.test(replyName)) [lead.name, lead.how.name] = [replyName, 'the Reply-To name'];
  }
  if (!format && !isForwarded(mail.text) && mail.from && !isServiceAddress(mail.from.address)) {
    if (!lead.email) {
      const sender = cleanEmail(mail.from.address);
      if (sender) [lead.email, lead.how.email] = [sender, 'the sender'];
    }
    if (!lead.name && mail.from.name && !SERVICE_NAME.test(mail.from.name.trim())) [lead.name, lead.how.name] = [mail.from.name, 'the sender’s name'];
  }
  if (!lead.message && (!format || marketplaceSender)) {
    const text = mail.text.trim();
    if (text) [lead.message, lead.how.message] = [truncate(text, MESSAGE_LENGTH, { ellipsis: true }), 'the email’s text'];
  }
  return { parser: format?.parser ?? 'generic', lead };
}

/** Moved to contracts (the public API splits a name too). */
export { splitName } from '@contracts/person';
