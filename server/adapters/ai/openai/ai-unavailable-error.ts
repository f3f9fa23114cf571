/**
 * The one error an AI adapter throws when the AI service itself failed (timed out, refused, answered 429/5xx until
 * the retries ran out, or kept answering without a valid decision). The engine answers that turn with the built-in
 * assistant and tells staff, so the words are written for people: they reach the decision log and the alert.
 * A person's words never cause it, and a caller's own abort (staff took over mid-turn) is not it either.
 */
export class AiUnavailableError extends Error {
  override readonly name = 'AiUnavailableError';
  /** What happened, as a phrase that fits in parentheses: "it timed out after 15 s". */
  readonly detail: string;

  /** `detail` starts with "it …": the message reads "The AI service was unavailable: it timed out after 15 s." */
  constructor(detail: string, options?: { cause?: unknown }) {
    super(`The AI service was unavailable: ${detail}.`, options);
    this.detail = detail;
  }
}

export function isAiUnavailableError(error: unknown): error is AiUnavailableError {
  return error instanceof AiUnavailableError;
}
