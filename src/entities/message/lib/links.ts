/** Only web links become clickable: a text could carry `javascript:` or other schemes, which stay plain text. */
export function safeWebUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// One capture group: String.split keeps the links at the odd positions, so no text is cut by index.
const URL_SPLIT = /(\bhttps?:\/\/[^\s<>"']+)/i;
// Punctuation right after a link usually ends the sentence, not the address ("see https://x.com/a.").
const TRAILING = /[.,;:!?)\]}'"’”]+$/;

/** Splits a text into plain runs and web links, so it can be rendered as text nodes with a few anchors. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  const pushText = (run: string) => {
    if (!run) return;
    const previous = parts.at(-1);
    if (previous?.kind === 'text') previous.text += run;
    else parts.push({ kind: 'text', text: run });
  };
  text.split(URL_SPLIT).forEach((segment, index) => {
    if (index % 2 === 0) return pushText(segment);
    const raw = segment.replace(TRAILING, '');
    const href = raw ? safeWebUrl(raw) : null;
    if (!href) return pushText(segment);
    parts.push({ kind: 'link', text: raw, href });
    pushText(segment.replace(raw, ''));
  });
  return parts;
}
