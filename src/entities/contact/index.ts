export { clientKeys, invalidateClientDetails, invalidateClientList, invalidateClients, setCachedClient } from './api/client.queries';
export { CLIENT_BLOCKED_WORD, CLIENT_OPTED_OUT_WORD } from './model/client-state';
export { CONSENT_KIND_COLORS } from './model/consent';
export { contactPhoneLine, hasContactName, NO_PHONE_NOTE, phoneText, UNNAMED_CONTACT_NOTE } from './model/display';
export type { ClientDetail, ClientListItem, ClientTimelineEntry, ClientUpdateInput, ConsentEntry, DuplicateCandidate } from './model/types';
export { BlockedBadge, ClientStatusBadges, OptedOutBadge } from './ui/contact-badges';
export { ContactPhoneLine } from './ui/contact-phone-line';
