import { MAX_TEXT_LENGTH } from '@contracts/merge-tags';
import { type SmsEncoding, smsLength } from '@contracts/sms-segments';

export interface TextLength {
  characters: number;
  segments: number;
  encoding: SmsEncoding;
  tooLong: boolean;
}

/**
 * Counted on what was typed, the way carriers bill it (contracts/sms-segments: GSM-7 or UCS-2, concatenated
 * segments): merge tags are filled in on the server, so "{first_name}" may end up shorter or longer. The server
 * counts the sent text the same way.
 */
export function textLength(text: string): TextLength {
  const { characters, segments, encoding } = smsLength(text);
  return { characters, segments, encoding, tooLong: characters > MAX_TEXT_LENGTH };
}

/** "97/1600 · 2 segments · emoji or special characters: 70 per segment" — the encoding is named once it costs more. */
export function describeLength({ characters, segments, encoding }: TextLength): string {
  const count = `${characters}/${MAX_TEXT_LENGTH} · ${segments} ${segments === 1 ? 'segment' : 'segments'}`;
  return encoding === 'UCS-2' ? `${count} · emoji or special characters: ${segments > 1 ? 67 : 70} per segment` : count;
}
