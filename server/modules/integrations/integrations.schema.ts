import { z } from 'zod';
import { INTEGRATION_PROVIDERS, MAX_BUSY_CALENDARS } from '@contracts/integrations';

/** integrations.* inputs: server-only (the client reads types from contracts/integrations.ts). */
export const providerInput = z.object({ provider: z.enum(INTEGRATION_PROVIDERS, { error: 'Choose Google Calendar, Jobber or Thumbtack' }) });

export const completeInput = providerInput.extend({
  code: z.string().trim().min(1, 'The sign-in came back without a code: start connecting again.').max(4096, 'That sign-in code is too long.'),
  state: z.string().trim().min(1, 'The sign-in came back without its state: start connecting again.').max(512, 'That sign-in state is too long.'),
});

export const calendarsInput = z.object({
  busyCalendarIds: z.array(z.string().min(1).max(1024)).max(MAX_BUSY_CALENDARS, `Choose at most ${MAX_BUSY_CALENDARS} calendars`),
  writeCalendarId: z.string().min(1).max(1024).nullable(),
});

export const syncLogInput = z.object({ limit: z.number().int().min(1).max(200).default(50) });
