import { z } from 'zod';
import { MAX_REVIEW_LINKS, REVIEW_SITES, reviewTemplateProblem, reviewUrlProblem } from '@contracts/reviews';
import { id } from '@server/platform/lib/common.schema';

/** Review requests' inputs: the company's links (https only), the text with its {link}, the timing; a pasted list; a period. */
const reviewLink = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'A link id is 1–40 letters, digits, - or _'),
  site: z.enum(REVIEW_SITES, { error: 'Choose Google, Facebook, Yelp or Other' }),
  url: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = reviewUrlProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

export const reviewSettingsInput = z
  .object({
    links: z.array(reviewLink).max(MAX_REVIEW_LINKS, `At most ${MAX_REVIEW_LINKS} review links`),
    primaryLinkId: z.string().max(40).nullable(),
    template: z.string().superRefine((value, ctx) => {
      const problem = reviewTemplateProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    automatic: z.boolean(),
    delayMinutes: z.number().int('Whole minutes').min(0, 'Not before the job is won').max(7 * 24 * 60, 'At most 7 days after the job'),
    reminder: z.boolean(),
    reminderAfterDays: z.number().int('Whole days').min(1, 'At least 1 day').max(14, 'At most 14 days'),
  })
  .superRefine((value, ctx) => {
    const ids = value.links.map((link) => link.id);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['links'], message: 'Each link needs its own id' });
    if (value.primaryLinkId !== null && !ids.includes(value.primaryLinkId)) ctx.addIssue({ code: 'custom', path: ['primaryLinkId'], message: 'Choose one of your links to send' });
  });

export const requestReviewInput = z.union([z.object({ leadId: id }).strict(), z.object({ contactId: id }).strict()], { error: 'Name a lead (leadId) or a client (contactId)' });

export const requestListInput = z.object({ text: z.string().max(20_000, 'At most 20,000 characters at a time') });

const DAY_MS = 24 * 60 * 60 * 1000;
export const statsInput = z
  .object({ from: z.number().int(), to: z.number().int() })
  .refine((period) => period.to > period.from, { message: 'The period ends after it starts', path: ['to'] })
  .refine((period) => period.to - period.from <= 400 * DAY_MS, { message: 'At most 400 days at a time', path: ['to'] });
