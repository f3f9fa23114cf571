import { MAX_TEXT_LENGTH, mergeTagPattern, TEXT_TOO_LONG_MESSAGE } from '@contracts/merge-tags';

/**
 * What is wrong with an edited held reply, or null. It goes out exactly as typed (the server fills no merge tags in
 * a held reply), so a tag would reach the client as "{first_name}": ask for the words instead.
 */
export function editedReplyProblem(text: string): string | null {
  if (text.trim() === '') return 'The reply is empty.';
  if (text.length > MAX_TEXT_LENGTH) return TEXT_TOO_LONG_MESSAGE;
  if (mergeTagPattern().test(text)) return 'Merge tags aren’t filled in here: type the words you want them to read.';
  return null;
}
