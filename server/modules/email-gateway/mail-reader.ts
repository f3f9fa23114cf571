import { storableText, storableValue, truncate } from '@contracts/text';
import { createHash } from 'node:crypto';
import { type AddressObject, simpleParser } from 'mailparser';
import type { MailForParsing } from './email-parsers';

/** The most text mailparser keeps from one email (the raw email itself is bounded by EMAIL_GATEWAY_MAX_BYTES). */
const MAX_TEXT = 200_000;

function firstAddress(value: AddressObject | AddressObject[] | undefined): { address: string; name: string } | null {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  for (const group of list) {
    for (const entry of group.value) if (entry.address) return { address: entry.address, name: entry.name ?? '' };
  }
  return null;
}

export interface ReadMail extends MailForParsing {
  messageId: string | null;
  date: Date | null;
}

/**
 * Reads a raw email with mailparser: headers, the first sender, and its text (mailparser makes text from the HTML
 * when there is no text part). Attachments are not kept. Never rendered: the text is shown as text.
 */
export async function readMail(raw: Buffer): Promise<ReadMail> {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true, maxHtmlLengthToParse: 1_000_000 });
  // Text from outside at its edge (contracts/text.ts): a NUL or a quoted-printable =00 in any field is dropped here,
  // so nothing read from an email can fail later where it is stored.
  return {
    messageId: parsed.messageId ? storableText(parsed.messageId.trim()) || null : null,
    date: parsed.date ?? null,
    subject: truncate(storableText(parsed.subject ?? ''), 500, { ellipsis: false }),
    from: storableValue(firstAddress(parsed.from)),
    replyTo: storableValue(firstAddress(parsed.replyTo)),
    // An HTML-only email (tables of "Label | value"): each cell and block on its own line, so labels stay readable.
    text: truncate(storableText(hasTextPart(raw) || typeof parsed.html !== 'string' ? (parsed.text ?? '') : htmlToLines(parsed.html)), MAX_TEXT, { ellipsis: false }),
  };
}

const hasTextPart = (raw: Buffer) => /^content-type:\s*text\/plain/im.test(raw.toString('latin1'));

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** HTML to plain lines, for reading only (never shown as HTML): tags dropped, blocks and cells become lines. */
export function htmlToLines(html: string): string {
  return html
    .replace(/<(script|style|head)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<(br|\/p|\/div|\/tr|\/td|\/th|\/li|\/h[1-6]|\/table)[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?\w+);/g, (whole, entity: string) => ENTITIES[entity.toLowerCase()] ?? (entity.startsWith('#') ? numericEntity(entity) : whole))
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The Message-ID header as written, or a hash of the raw email when it has none (a redelivery is then the same bytes). */
export function messageIdOf(raw: Buffer): string {
  const head = raw.subarray(0, Math.min(raw.length, 64 * 1024)).toString('latin1');
  const headers = head.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const match = /^message-id:\s*(.+(?:\r?\n[ \t].+)*)/im.exec(headers);
  const value = match?.[1]?.replace(/\s+/g, ' ').trim();
  return value ? value.slice(0, 500) : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
}

/** `&#65;` or `&#x41;` as its character; a number that is no character (too large, a surrogate, junk) as U+FFFD. */
function numericEntity(entity: string): string {
  const code = /^#x[0-9a-f]+$/i.test(entity) ? Number.parseInt(entity.slice(2), 16) : /^#\d+$/.test(entity) ? Number(entity.slice(1)) : Number.NaN;
  const isCharacter = Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
  return isCharacter ? String.fromCodePoint(code) : '\ufffd';
}
