/**
 * Which product features exist yet. A screen of a feature that is not built says so plainly and holds no
 * control for it (decision 0017); flip a flag here when the feature lands.
 */
export const FEATURES = {
  /** The AI assistant that answers texts. Until it exists every conversation is in the team's hands. */
  aiAssistant: false,
} as const;
