import { AppError } from '@server/platform/errors/app-error';
import { type MergeTag, mergeTagPattern, mergeTagProblem } from '@contracts/merge-tags';
import { fullName } from '@contracts/person';
import { formatPhone } from '@contracts/phone';

export interface MergeValues {
  contact: { firstName: string | null; lastName: string | null };
  businessName: string;
  businessPhone: string | null;
  senderFirstName: string;
}

export function assertKnownMergeTags(text: string): void {
  const problem = mergeTagProblem(text);
  if (problem) throw new AppError('INVALID', problem);
}

/** Fills the tags; a missing first name reads "there" ("Hi {first_name}" → "Hi there"). */
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
