import type { ConsentKind } from '@contracts/consent';

/** Consent ledger colours (the words come from contracts/consent). */
export const CONSENT_KIND_COLORS = {
  opt_in: 'teal',
  opt_out: 'red',
  implied: 'yellow',
} as const satisfies Record<ConsentKind, string>;
