/**
 * Which product features exist yet. A screen of a feature that is not built says so plainly and holds no
 * control for it (decision 0017); flip a flag here when the feature lands.
 */
export const FEATURES = {
  /** The AI assistant that answers texts (issue 14): on. A company turns it on in Settings → AI. */
  aiAssistant: true,
} as const;
