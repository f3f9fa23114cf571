/**
 * Text from outside (SMS bodies, names, emails, form fields, webhook parameters): the one module that decides what
 * is stored and how it is shortened. The rule (docs/decisions/0015-text-from-outside-and-errors.md): everything PostgreSQL can
 * store is kept byte for byte (emoji, RTL, combining marks, tabs, line breaks); the two things it cannot store —
 * NUL, and UTF-16 halves of a character without their other half (which JSON carries as `\ud83d` and jsonb
 * refuses) — are removed and replaced by U+FFFD respectively. Lengths are bounded where each field is validated.
 */

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

// Lone surrogates: a high half not followed by a low half, or a low half not preceded by a high half.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The string as PostgreSQL (text and jsonb) can store it: NUL removed, lone surrogates replaced by U+FFFD. */
export function storableText(text: string): string {
  // Fast path: nearly every string has neither.
  if (!text.includes('\u0000') && !/[\uD800-\uDFFF]/.test(text)) return text;
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
}

/** Every string inside a JSON-like value made storable (webhook parameters, API inputs, job payloads). */
export function storableValue<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) return value.map((item) => storableValue(item)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[storableText(key)] = storableValue(item);
    return out as T;
  }
  return value;
}

/** How much text one segmenter call reads: V8's grapheme iterator costs more per step the longer its string is. */
const WINDOW = 1024;
/** How far back from the cut a known boundary is looked for before reading from the start instead. */
const ANCHOR_LOOKBACK = 4096;

/**
 * Two neighbours between which UAX #29 always breaks: both printable ASCII or both CJK ideographs (grapheme class
 * "Other", neither a mark, a joiner, an emoji, a regional indicator, a prepended or an Indic conjunct letter).
 */
const PLAIN = /[\x20-\x7e\u4e00-\u9fff]/;
const isAnchor = (text: string, at: number) => PLAIN.test(text[at - 1] ?? '') && PLAIN.test(text[at] ?? '');

/**
 * The last grapheme-cluster boundary at or before `limit` (0 when none), reading about as much text as it keeps,
 * never the whole text (a 2 MB email is cut to its first 300 characters as fast as a 300-character one). A
 * boundary depends only on what comes before it and on the next code point, so segmenting may start at any known
 * boundary: the nearest pair of plain characters before the cut, else the start of the text, read in windows that
 * each begin on a boundary and read two units past their end (never trusting a window's own end).
 */
function boundaryAtOrBefore(text: string, limit: number): number {
  let start = 0;
  for (let at = limit; at > 0 && at >= limit - ANCHOR_LOOKBACK; at -= 1) {
    if (isAnchor(text, at)) {
      start = at;
      break;
    }
  }
  let size = WINDOW;
  while (start < limit) {
    const end = Math.min(limit, start + size);
    const window = text.slice(start, end + 2);
    let last = start;
    for (const { index, segment } of graphemes.segment(window)) {
      const boundary = start + index + segment.length;
      if (boundary > end) break;
      last = boundary;
    }
    if (end === limit) return last;
    if (last === start) {
      size *= 2; // one cluster longer than the window (a letter under thousands of marks): read further
      continue;
    }
    start = last;
    size = WINDOW;
  }
  return start;
}

/**
 * At most `max` UTF-16 units of `text`, cut only between grapheme clusters (never inside an emoji, a surrogate
 * pair or a letter with its combining marks), ending in `…` when something was cut (unless `ellipsis` is false).
 * The one way to shorten text that came from outside, for excerpts, previews and summaries.
 */
export function truncate(text: string, max: number, options: { ellipsis?: boolean } = {}): string {
  if (text.length <= max) return text;
  const ellipsis = options.ellipsis === false ? '' : '…';
  const budget = Math.max(0, max - ellipsis.length);
  return text.slice(0, boundaryAtOrBefore(text, budget)) + ellipsis;
}

/**
 * The part of `text` between two positions found in it (a match, a punctuation mark), each moved back to a grapheme
 * boundary when it fell inside a cluster: the one way to take a clause out of text that came from outside.
 */
export function between(text: string, start: number, end: number): string {
  const from = boundaryAtOrBefore(text, Math.max(0, start));
  const to = boundaryAtOrBefore(text, Math.min(text.length, end));
  return to > from ? text.slice(from, to) : '';
}
