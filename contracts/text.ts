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

/**
 * At most `max` UTF-16 units of `text`, cut only between grapheme clusters (never inside an emoji, a surrogate
 * pair or a letter with its combining marks), ending in `…` when something was cut (unless `ellipsis` is false).
 * The one way to shorten text that came from outside, for excerpts, previews and summaries.
 */
export function truncate(text: string, max: number, options: { ellipsis?: boolean } = {}): string {
  if (text.length <= max) return text;
  const ellipsis = options.ellipsis === false ? '' : '…';
  const budget = Math.max(0, max - ellipsis.length);
  let end = 0;
  for (const { index, segment } of graphemes.segment(text)) {
    if (index + segment.length > budget) break;
    end = index + segment.length;
  }
  return text.slice(0, end) + ellipsis;
}
