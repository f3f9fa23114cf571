import { type MergeTag, mergeTagPattern } from '@contracts/merge-tags';
import { formatPhone } from '@contracts/phone';

/** The sample visitor the first-text preview is filled for (a visitor always gives a name on the form). */
export const SAMPLE_VISITOR = { firstName: 'Sam', lastName: 'Lee' };

/** A text as a client named Sam Lee gets it: the tags filled the way the server fills them. */
export function previewMergeTags(template: string, values: { businessName: string; businessPhone: string | null }): string {
  const table: Record<MergeTag, string> = {
    first_name: SAMPLE_VISITOR.firstName,
    last_name: SAMPLE_VISITOR.lastName,
    full_name: `${SAMPLE_VISITOR.firstName} ${SAMPLE_VISITOR.lastName}`,
    business_name: values.businessName,
    business_phone: values.businessPhone ? formatPhone(values.businessPhone) : '',
    my_first_name: values.businessName,
  };
  return template
    .replace(mergeTagPattern(), (whole, tag: string) => table[tag.toLowerCase() as MergeTag] ?? whole)
    .replace(/ {2,}/g, ' ')
    .trim();
}
