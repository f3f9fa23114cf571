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

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
// Punctuation right after a link usually ends the sentence, not the address ("see https://x.com/a.").
const TRAILING = /[.,;:!?)\]}'"’”]+$/;

/** Splits a text into plain runs and web links, so it can be rendered as text nodes with a few anchors. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0].replace(TRAILING, '');
    const href = safeWebUrl(raw);
    const start = match.index;
    if (!href || raw.length === 0) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
