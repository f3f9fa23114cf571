/**
 * A person's name as shown: "First Last", either part may be empty. The one name builder: the user entity, the
 * analytics identity and the messaging widget all use it (a team member without a name falls back to their
 * email in entities/user).
 */
export function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
