import { fullName } from '@contracts/person';
import { formatPhone } from '@/shared/lib/format';

/** What stands beside the number of a client nobody has named yet (their "name" on screen is the number). */
export const UNNAMED_CONTACT_NOTE = 'No name yet';

interface NamedContact {
  firstName: string | null;
  lastName: string | null;
  /** Null for a client from a lead email without a number. */
  phone: string | null;
}

/** What stands where a client's number would be when they have none (a lead email gave only an address). */
export const NO_PHONE_NOTE = 'No phone number';

/** Whether anyone gave this client a name; if not, the server's display name is their formatted number. */
export const hasContactName = (contact: Pick<NamedContact, 'firstName' | 'lastName'>) => fullName(contact) !== '';

/**
 * The line under a client's name: the number (`phone`, default their main one), unless the name shown above
 * already is that number, because nobody named them yet — then "No name yet" instead of the number twice.
 */
export function contactPhoneLine(contact: NamedContact, phone: string | null = contact.phone): string {
  if (!phone) return NO_PHONE_NOTE;
  if (!hasContactName(contact) && phone === contact.phone) return UNNAMED_CONTACT_NOTE;
  return formatPhone(phone);
}

/** A client's number as shown, or plainly that there is none. */
export const phoneText = (phone: string | null) => (phone ? formatPhone(phone) : NO_PHONE_NOTE);
