/** A person's name as every screen, email and export writes it: "First Last", leaving out a missing part. */
export function fullName(person: { firstName: string | null; lastName: string | null }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
}
