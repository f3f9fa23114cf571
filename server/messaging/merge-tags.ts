import { TRPCError } from '@trpc/server';
import { formatPhoneForDisplay } from './messaging.deps';

/** The merge tags staff may use in messages and templates, with what fills them. */
export const MERGE_TAGS = ['first_name', 'last_name', 'full_name', 'business_name', 'business_phone', 'my_first_name'] as const;
export type MergeTag = (typeof MERGE_TAGS)[number];

export interface MergeValues {
  contact: { firstName: string | null; lastName: string | null };
  businessName: string;
  businessPhone: string | null;
  senderFirstName: string;
}

export function unknownMergeTags(text: string): string[] {
  const found = [...text.matchAll(/\{([a-z_]+)\}/gi)].map((m) => m[1]!.toLowerCase());
  return [...new Set(found.filter((tag) => !(MERGE_TAGS as readonly string[]).includes(tag)))];
}

export function assertKnownMergeTags(text: string): void {
  const unknown = unknownMergeTags(text);
  if (unknown.length > 0) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `Unknown merge tag${unknown.length > 1 ? 's' : ''}: ${unknown.map((t) => `{${t}}`).join(', ')}. Available: ${MERGE_TAGS.map((t) => `{${t}}`).join(', ')}.`,
    });
  }
}

/** Fills the tags; a missing first name reads "there" ("Hi {first_name}" → "Hi there"). */
export function renderMergeTags(text: string, values: MergeValues): string {
  const fullName = [values.contact.firstName, values.contact.lastName].filter(Boolean).join(' ');
  const table: Record<MergeTag, string> = {
    first_name: values.contact.firstName || 'there',
    last_name: values.contact.lastName ?? '',
    full_name: fullName || 'there',
    business_name: values.businessName,
    business_phone: values.businessPhone ? formatPhoneForDisplay(values.businessPhone) : '',
    my_first_name: values.senderFirstName,
  };
  return text.replace(/\{([a-z_]+)\}/gi, (whole, tag: string) => table[tag.toLowerCase() as MergeTag] ?? whole).replace(/ {2,}/g, ' ').trim();
}
