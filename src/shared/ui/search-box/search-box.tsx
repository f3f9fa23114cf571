import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchBoxProps {
  label: string;
  placeholder: string;
  /** The search in the address bar. */
  value: string;
  /** Called once typing pauses. */
  onSearch: (value: string) => void;
}

/**
 * A search field that asks the server only once typing pauses. It keeps what is being typed while the address
 * bar catches up, and follows the address when it changes from elsewhere ("Clear filters", back button).
 */
export function SearchBox({ label, placeholder, value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) {
      setText(value);
      setSent(value);
    }
  }
  const push = useDebouncedCallback((next: string) => {
    setSent(next);
    onSearch(next);
  }, SEARCH_DEBOUNCE_MS);

  const change = (next: string) => {
    setText(next);
    push(next);
  };

  return (
    <TextInput
      // Not type="search": Chrome would add its own clear button next to ours.
      role="searchbox"
      inputMode="search"
      enterKeyHint="search"
      label={label}
      placeholder={placeholder}
      value={text}
      maxLength={100}
      onChange={(event) => change(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') push.flush();
      }}
      rightSection={
        text ? (
          <CloseButton
            aria-label="Clear search"
            size="sm"
            onClick={() => {
              change('');
              push.flush();
            }}
          />
        ) : null
      }
    />
  );
}
