/** `insert` replacing the selection start…end of `value`; returns the new value and where the caret goes. */
export function insertText(value: string, insert: string, start: number, end: number): { value: string; caret: number } {
  const from = Math.max(0, Math.min(start, value.length));
  const to = Math.max(from, Math.min(end, value.length));
  return { value: value.slice(0, from) + insert + value.slice(to), caret: from + insert.length };
}
