import { MAX_TEXT_LENGTH } from '../../../../contracts/merge-tags';

const SEGMENT_LENGTH = 160;

export interface TextLength {
  characters: number;
  segments: number;
  tooLong: boolean;
}

/**
 * Counted on what was typed: merge tags are filled in on the server, so "{first_name}" may end up shorter or
 * longer. Good enough to warn before a text turns into several billed segments.
 */
export function textLength(text: string): TextLength {
  const characters = text.length;
  return { characters, segments: Math.ceil(characters / SEGMENT_LENGTH), tooLong: characters > MAX_TEXT_LENGTH };
}

export function describeLength({ characters, segments }: TextLength): string {
  return `${characters}/${MAX_TEXT_LENGTH} · ${segments} ${segments === 1 ? 'segment' : 'segments'}`;
}
