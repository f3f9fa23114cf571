import fsd from '@feature-sliced/steiger-plugin';
import { defineConfig } from 'steiger';

/**
 * Feature-Sliced Design checks for src/ (`npx steiger ./src`, run by `npm run lint`). Every rule of the FSD plugin
 * is an error; the two exceptions below are lowered to warnings (still printed on every run, never hidden), each
 * with its reason. Lowering a rule anywhere else needs its own reason here.
 */
export default defineConfig([
  ...fsd.configs.recommended,
  {
    // insignificant-slice asks that a slice with one user be merged into it ("code moves down a layer at its
    // second use", docs/decisions/0012). These five were named in the layering issue as the product's actions and
    // blocks and keep their words, state and tests together although one screen uses each today: creating a lead
    // (/leads), merging clients (client page), taking a thread over and the thread itself (inbox), the lead in full
    // (lead drawer). A warning, not off: turning it off would drop these files from the rule's reference count,
    // and the slices they use (assign-owner, change-lead-status, send-message) would then look unused. A new slice
    // gets no such pass: it is created at its second use.
    // Steiger 0.6.0 computes severities before it sorts the diagnostics (runRules in steiger's app), so a slice
    // listed here may print as an error and an unlisted one as a warning: the number of errors is right, the
    // slice it is printed on may not be. Look for the slice that is not in this list.
    files: [
      './src/features/create-lead/**',
      './src/features/merge-clients/**',
      './src/features/take-over/**',
      './src/widgets/conversation-thread/**',
      './src/widgets/lead-details/**',
    ],
    rules: { 'fsd/insignificant-slice': 'warn' },
  },
]);
