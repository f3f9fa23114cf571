import { contactDisplayName } from '@contracts/person';
import { contacts } from '@server/platform/db/schema';

type ContactRow = typeof contacts.$inferSelect;

/** A client as lists and threads show them (inbox, leads, clients): name, phones, opt-out and block state. */
/** The columns contactSummary reads: select these, not the whole row, where only the summary is needed. */
export const CONTACT_SUMMARY_COLUMNS = {
  id: contacts.id,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  phone: contacts.phone,
  otherPhones: contacts.otherPhones,
  optedOutAt: contacts.optedOutAt,
  blockedAt: contacts.blockedAt,
};

export function contactSummary(contact: Pick<ContactRow, keyof typeof CONTACT_SUMMARY_COLUMNS>) {
  return {
    id: contact.id,
    name: contactDisplayName(contact),
    firstName: contact.firstName,
    lastName: contact.lastName,
    phone: contact.phone,
    otherPhones: contact.otherPhones,
    optedOut: contact.optedOutAt !== null,
    optedOutAt: contact.optedOutAt?.getTime() ?? null,
    blocked: contact.blockedAt !== null,
  };
}
