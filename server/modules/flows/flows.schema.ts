import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '@contracts/merge-tags';
import { MAX_WAIT_MINUTES } from '@contracts/flows';

/** Chat widget → Follow-ups: the whole list as the screen shows it, with the version it read. */
export const updateFollowUpsInput = z.strictObject({
  expectedVersion: z.number().int().min(1),
  enabled: z.boolean(),
  steps: z
    .array(
      z.strictObject({
        delayMinutes: z.number().int().min(1, 'A follow-up waits at least 1 minute').max(MAX_WAIT_MINUTES, 'A follow-up waits at most 90 days'),
        body: z.string().trim().min(1, 'The text cannot be empty').max(MAX_TEXT_LENGTH, `Texts are at most ${MAX_TEXT_LENGTH} characters`),
        enabled: z.boolean(),
      }),
    )
    .min(1, 'Keep at least one follow-up')
    .max(6, 'At most 6 follow-ups'),
});
