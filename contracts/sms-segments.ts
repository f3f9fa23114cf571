/**
 * How many SMS segments a text is billed as, the way carriers count (3GPP TS 23.038): a text that fits the GSM-7
 * alphabet uses 7-bit characters (160 in one segment, 153 per segment once split, the extension characters
 * ^ { } [ ] ~ | € \ and form feed taking two); anything else is sent as UCS-2 (70 in one segment, 67 once split).
 * A character is never split across two segments. One count for the composer and the server.
 */

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';
const BASIC = new Set(GSM_BASIC);
const EXTENDED = new Set(GSM_EXTENDED);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsLength {
  /** UTF-16 units, as the 1,600-character limit counts them. */
  characters: number;
  segments: number;
  encoding: SmsEncoding;
  /** Characters left in the last segment before another one starts. */
  remaining: number;
}

const LIMITS: Record<SmsEncoding, { single: number; multi: number }> = {
  'GSM-7': { single: 160, multi: 153 },
  'UCS-2': { single: 70, multi: 67 },
};

export function smsEncoding(text: string): SmsEncoding {
  for (const char of text) if (!BASIC.has(char) && !EXTENDED.has(char)) return 'UCS-2';
  return 'GSM-7';
}

export function smsLength(text: string): SmsLength {
  const encoding = smsEncoding(text);
  // Units per character: septets in GSM-7 (2 for an extension character), UTF-16 units in UCS-2 (2 for an emoji).
  const sizes = [...text].map((char) => (encoding === 'GSM-7' ? (EXTENDED.has(char) ? 2 : 1) : char.length));
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const { single, multi } = LIMITS[encoding];
  if (total === 0) return { characters: 0, segments: 0, encoding, remaining: single };
  if (total <= single) return { characters: text.length, segments: 1, encoding, remaining: single - total };
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > multi) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return { characters: text.length, segments, encoding, remaining: multi - used };
}
