/**
 * Unsent text per thread, kept while the app is open so switching threads (or screens) doesn't lose a reply
 * being written. Memory only: nothing a customer wrote about is left behind in storage.
 */
const drafts = new Map<string, string>();

export function draftFor(threadId: string): string {
  return drafts.get(threadId) ?? '';
}

export function saveDraft(threadId: string, text: string): void {
  if (text) drafts.set(threadId, text);
  else drafts.delete(threadId);
}

/** Tests start from a clean slate. */
export function forgetDrafts(): void {
  drafts.clear();
}
