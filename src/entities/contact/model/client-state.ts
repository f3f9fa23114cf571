import { CONSENT_KIND_WORDS } from '@contracts/consent';

/** A client who withdrew consent: the consent ledger's word for an opt-out. */
export const CLIENT_OPTED_OUT_WORD = CONSENT_KIND_WORDS.opt_out;
/** A client the business chose not to text. Only a client is "Blocked": a text LeadLoop refused reads "Not sent". */
export const CLIENT_BLOCKED_WORD = 'Blocked';
