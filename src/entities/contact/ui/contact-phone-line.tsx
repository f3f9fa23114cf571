import { PhoneLink } from '@/shared/ui/phone-link';
import { hasContactName, NO_PHONE_NOTE, UNNAMED_CONTACT_NOTE } from '../model/display';

interface PhoneContact {
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
}

/**
 * `contactPhoneLine` as something to tap: the number calls it (`tel:`). When nobody named the client, the name
 * shown above already is the number: then "No name yet · Call", the call link once instead of the number twice.
 */
export function ContactPhoneLine({ contact, phone = contact.phone }: { contact: PhoneContact; phone?: string | null }) {
  if (!phone) return <>{NO_PHONE_NOTE}</>;
  if (!hasContactName(contact) && phone === contact.phone) {
    return (
      <>
        {UNNAMED_CONTACT_NOTE} · <PhoneLink phone={phone}>Call</PhoneLink>
      </>
    );
  }
  return <PhoneLink phone={phone} />;
}
