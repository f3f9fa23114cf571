import { useLayoutEffect, useRef, useState } from 'react';
import { insertText } from '../lib/insert-text';

/**
 * For a controlled textarea: `insert(snippet)` puts the snippet where the caret was (replacing a selection),
 * then puts the focus back with the caret just after it. A menu click takes the focus away, but the textarea
 * keeps its selection, which is what we read.
 */
export function useInsertAtCaret(value: string, onChange: (value: string) => void) {
  const ref = useRef<HTMLTextAreaElement>(null);
  // A new object each time, so inserting twice at the same position still moves the caret.
  const [caret, setCaret] = useState<{ at: number } | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!caret || !element) return;
    element.focus();
    element.setSelectionRange(caret.at, caret.at);
  }, [caret]);

  function insert(snippet: string) {
    const element = ref.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const next = insertText(value, snippet, start, end);
    onChange(next.value);
    setCaret({ at: next.caret });
  }

  return { ref, insert };
}
