/**
 * The owner's emergency words (AI call answering → Agent): an entry matches as words with their common endings,
 * case-insensitively ("flood" matches "flooding", "flooded"; "gas" does not match "gasoline"); an entry with " + " needs every part somewhere in what was said ("no heat +
 * freez": no heat and freezing). Checked on every final utterance before the assistant is asked, so a flooding
 * basement is put through at once; the assistant's own emergency signals transfer too (decision 0048).
 */
/** Endings a word may have and still be the owner's word. */
const ENDINGS = '(?:e|s|es|ed|d|ing|y|ies|er)?';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function partPattern(part: string): RegExp | null {
  const words = part.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  // Words of a phrase may be a little apart ("smell of gas" still says "smell … gas" in "I smell some gas").
  // Each word matches as a word with its endings ("flood" → "flooding", "flooded"; not "gas" → "gasoline"); up to
  // two other words may stand between them.
  const joined = words.map((word) => `${escape(word)}${ENDINGS}(?![\\p{L}\\p{N}])`).join('[^\\p{L}\\p{N}]+(?:\\p{L}+[^\\p{L}\\p{N}]+){0,2}?');
  return new RegExp(`(?:^|[^\\p{L}\\p{N}])${joined}`, 'iu');
}

/** The first entry that matches `said`, or null. */
export function emergencyWordIn(said: string, entries: readonly string[]): string | null {
  const text = ` ${said.toLowerCase()} `;
  for (const entry of entries) {
    const parts = entry.split(/\s\+\s/).map(partPattern);
    if (parts.length > 0 && parts.every((p) => p !== null && p.test(text))) return entry;
  }
  return null;
}
