import { formatPhone } from './phone';

/** A person's name as every screen, email and export writes it: "First Last", leaving out a missing part. */
export function fullName(person: { firstName: string | null; lastName: string | null }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
}

/** How a client is named where a name is needed: their name, else their phone, else their email, else plain words. */
export function contactDisplayName(contact: { firstName: string | null; lastName: string | null; phone: string | null; email?: string | null }): string {
  // A client from a lead email may have no phone: then their email, then plain words.
  return fullName(contact) || (contact.phone ? formatPhone(contact.phone) : contact.email || 'Client without a phone');
}
