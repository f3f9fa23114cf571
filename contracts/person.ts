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

/** "Jamie Rivera" → first "Jamie", last "Rivera"; one word is a first name. */
export function splitName(name: string | null): { firstName: string | null; lastName: string | null } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: null, lastName: null };
  return { firstName: words[0] ?? null, lastName: words.slice(1).join(' ') || null };
}
