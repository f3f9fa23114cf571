import { fullName } from '@contracts/person';
import { formatPhone } from '@/shared/lib/format';

/** What stands beside the number of a client nobody has named yet (their "name" on screen is the number). */
export const UNNAMED_CONTACT_NOTE = 'No name yet';

interface NamedContact {
  firstName: string | null;
  lastName: string | null;
  phone: string;
}

/** Whether anyone gave this client a name; if not, the server's display name is their formatted number. */
export const hasContactName = (contact: Pick<NamedContact, 'firstName' | 'lastName'>) => fullName(contact) !== '';

/**
 * The line under a client's name: the number (`phone`, default their main one), unless the name shown above
 * already is that number, because nobody named them yet — then "No name yet" instead of the number twice.
 */
export function contactPhoneLine(contact: NamedContact, phone: string = contact.phone): string {
  if (!hasContactName(contact) && phone === contact.phone) return UNNAMED_CONTACT_NOTE;
  return formatPhone(phone);
}
