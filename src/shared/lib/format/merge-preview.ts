import { renderMergeTags } from '@contracts/merge-tags';

/** The sample visitor the first-text preview is filled for (a visitor always gives a name on the form). */
export const SAMPLE_VISITOR = { firstName: 'Sam', lastName: 'Lee' };

/** A text as a client named Sam Lee gets it: the tags filled the way the server fills them. */
export function previewMergeTags(template: string, values: { businessName: string; businessPhone: string | null }): string {
  return renderMergeTags(template, { contact: SAMPLE_VISITOR, businessName: values.businessName, businessPhone: values.businessPhone, senderFirstName: values.businessName });
}
