/** Carrier and provider error codes in plain words, for the thread and the message log. */
const EXPLANATIONS: Record<string, string> = {
  '21211': 'The number is not a valid phone number.',
  '21408': 'Texting this country is not enabled on your account.',
  '21606': 'Your business number cannot send texts.',
  '21610': 'This person has unsubscribed (replied STOP) with the carrier.',
  '21612': 'Texts cannot be sent between these two numbers.',
  '21614': 'This is not a mobile number, so it cannot receive texts.',
  '30001': 'The carrier queue was full; the text was retried.',
  '30002': 'Your account is suspended with the carrier.',
  '30003': 'The phone is off or out of coverage; the carrier could not deliver the text.',
  '30004': 'The recipient has blocked texts from your number.',
  '30005': 'The number does not exist or is no longer in service.',
  '30006': 'This is a landline or a number that cannot receive texts.',
  '30007': 'The carrier filtered this text as possible spam. Check its wording and your texting registration.',
  '30008': 'The carrier could not deliver the text and did not say why.',
  '30032': 'Your toll-free number is not verified yet.',
  '30034': 'Your number is not registered for business texting (A2P 10DLC) yet.',
};

export function explainProviderError(code: string | null, fallback?: string | null): string {
  if (code && EXPLANATIONS[code]) return EXPLANATIONS[code];
  if (fallback) return fallback;
  return code ? `The carrier reported error ${code}.` : 'The text could not be delivered.';
}
