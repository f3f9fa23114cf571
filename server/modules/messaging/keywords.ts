/**
 * What an inbound text asks for, compliance-wise (../shared/product/PRODUCT.md section 5). Keywords match the whole message in any
 * case, trimmed (and without trailing punctuation: "Stop." is a STOP). Plain-language opt-outs match clear
 * requests to stop texting anywhere in the message, and nothing that merely contains "stop".
 */
export type ComplianceIntent = 'opt_out' | 'opt_in' | 'help' | null;

export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT', 'ARRET'] as const;
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'YES'] as const;
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;

/** Spoken variants of the keywords that carriers also treat as the keyword. */
const KEYWORD_ALIASES: Record<string, string> = { 'STOP ALL': 'STOPALL', 'OPT OUT': 'OPTOUT', 'OPT-OUT': 'OPTOUT', ARRÊT: 'ARRET' };

const PLAIN_LANGUAGE_OPT_OUTS: RegExp[] = [
  /\b(stop|quit|cease)\s+(texting|messaging|txting|contacting|sending|spamming)\b/i,
  /\b(do\s*n[o']?t|dont|never|no)\s+(text|txt|message|msg|sms|contact)\s+(me|us|this|my|again)\b/i,
  /\b(do\s*n[o']?t|dont)\s+(ever\s+)?(text|message|contact)\s+(me|us)\b/i,
  /\bremove\s+(me|my\s+(number|phone|cell)|this\s+number)\b/i,
  /\btake\s+(me|my\s+(number|phone))\s+off\b/i,
  /\b(unsubscribe|opt\s*-?\s*out)\s+(me|my)\b/i,
  /\bno\s+more\s+(texts|messages|txts|sms)\b/i,
  /\blose\s+my\s+number\b/i,
  /\bleave\s+me\s+alone\b/i,
  /\bwrong\s+(number|person)\b/i,
  /\bstop\s+(it|now)?\s*(please|pls|plz)\b/i,
  /^\s*(please|pls|plz)\s+stop\b/i,
];

export function normalizeKeyword(body: string): string {
  return body
    .trim()
    .replace(/^["'“”‘’([]+|["'“”‘’)\].!?,;:]+$/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toUpperCase();
}

export function classifyInbound(body: string, options: { optedOut: boolean }): { intent: ComplianceIntent; keyword: string | null } {
  const normalized = normalizeKeyword(body);
  const keyword = KEYWORD_ALIASES[normalized] ?? normalized;
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(keyword)) return { intent: 'opt_out', keyword };
  if ((HELP_KEYWORDS as readonly string[]).includes(keyword)) return { intent: 'help', keyword };
  // YES re-subscribes only someone who has opted out; otherwise it is just an answer.
  if (keyword === 'YES') return options.optedOut ? { intent: 'opt_in', keyword } : { intent: null, keyword: null };
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(keyword)) return { intent: 'opt_in', keyword };
  if (PLAIN_LANGUAGE_OPT_OUTS.some((pattern) => pattern.test(body))) return { intent: 'opt_out', keyword: null };
  return { intent: null, keyword: null };
}
