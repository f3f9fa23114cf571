import { Anchor } from '@mantine/core';
import { splitLinks } from '../lib/links';

/**
 * A customer's or a colleague's words, as text nodes only (never HTML); web addresses become plain links that
 * open in a new tab without giving that page a handle on this one.
 */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <Anchor key={index} href={part.href} target="_blank" rel="noopener noreferrer" inherit underline="always">
            {part.text}
          </Anchor>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
