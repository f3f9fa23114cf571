import { fullName } from './person';
import { formatPhone } from './phone';

/** Merge tags staff may use in texts and templates: one list for the composer and the server. */
export const MERGE_TAGS = [
  { tag: 'first_name', description: 'Client’s first name (“there” if unknown)' },
  { tag: 'last_name', description: 'Client’s last name' },
  { tag: 'full_name', description: 'Client’s full name' },
  { tag: 'business_name', description: 'Your business name' },
  { tag: 'business_phone', description: 'Your business number' },
  { tag: 'my_first_name', description: 'Your first name' },
] as const;

export type MergeTag = (typeof MERGE_TAGS)[number]['tag'];

/** The longest text LeadLoop sends (Twilio's limit; 11 GSM-7 or 24 UCS-2 segments), and what staff are told when they go over. */
export const MAX_TEXT_LENGTH = 1600;
export const TEXT_TOO_LONG_MESSAGE = 'Texts are at most 1600 characters';

/** A fresh `{tag}` pattern each call: a shared global RegExp would carry its lastIndex between uses. */
export const mergeTagPattern = () => /\{([a-z_]+)\}/gi;

const KNOWN: ReadonlySet<string> = new Set(MERGE_TAGS.map((t) => t.tag));

export function unknownMergeTags(text: string): string[] {
  const found = [...text.matchAll(mergeTagPattern())].map((m) => m[1]!.toLowerCase());
  return [...new Set(found.filter((tag) => !KNOWN.has(tag)))];
}

/** The same sentence wherever the mistake is caught. Null when every tag is known. */
export function mergeTagProblem(text: string): string | null {
  const unknown = unknownMergeTags(text);
  if (unknown.length === 0) return null;
  return `Unknown merge tag${unknown.length > 1 ? 's' : ''}: ${unknown.map((t) => `{${t}}`).join(', ')}. Available: ${MERGE_TAGS.map((t) => `{${t.tag}}`).join(', ')}.`;
}

export interface MergeValues {
  contact: { firstName: string | null; lastName: string | null };
  businessName: string;
  businessPhone: string | null;
  senderFirstName: string;
}

/**
 * Fills the tags; a missing first name reads "there" ("Hi {first_name}" → "Hi there"). The server sends what this
 * returns, and the screens preview with it, so a preview and its count are what gets sent.
 */
export function renderMergeTags(text: string, values: MergeValues): string {
  const table: Record<MergeTag, string> = {
    first_name: values.contact.firstName || 'there',
    last_name: values.contact.lastName ?? '',
    full_name: fullName(values.contact) || 'there',
    business_name: values.businessName,
    business_phone: values.businessPhone ? formatPhone(values.businessPhone) : '',
    my_first_name: values.senderFirstName,
  };
  return text.replace(mergeTagPattern(), (whole, tag: string) => table[tag.toLowerCase() as MergeTag] ?? whole).replace(/ {2,}/g, ' ').trim();
}
