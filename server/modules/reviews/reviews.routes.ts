import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { reviewUrlProblem } from '@contracts/reviews';
import { reviewLinks, reviewSettings } from '@server/platform/db/schema';
import type { AppServices } from '@server/platform/services';

/** Link previews (iMessage, WhatsApp, Slack…) fetch a link by themselves: they are sent on without counting as a click. */
const PREVIEW_AGENT = /bot|crawl|spider|preview|facebookexternalhit|whatsapp|slack|discord|telegram|skypeuri|google-?read-?aloud|embedly|quora link/i;

const NOT_FOUND_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Link not found</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222"><h1 style="font-size:1.4rem">This link doesn’t lead anywhere</h1><p>It may have been mistyped. If a business texted it to you, reply to their text and they’ll send it again.</p></body></html>`;

function notFoundPage(reply: FastifyReply) {
  return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('x-robots-tag', 'noindex').send(NOT_FOUND_PAGE);
}

/**
 * `GET /r/<code>`: a review request's short link. 302 to the company's review page — the link's current address
 * when the company still has it (an edit is followed), else the one it had when sent. The first click counts; later
 * ones (and link previews) are recorded, not counted again. Unknown codes get a plain 404 page; nothing about the
 * client or the business is shown.
 */
export function registerReviewRoutes(http: FastifyInstance, options: { services: AppServices }): void {
  http.get<{ Params: { code: string } }>('/r/:code', async (request, reply) => {
    const { code } = request.params;
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(code)) return notFoundPage(reply);
    const { db, clock } = options.services;
    const now = clock.now();
    const preview = PREVIEW_AGENT.test(request.headers['user-agent'] ?? '');
    const [row] = preview
      ? await db.select().from(reviewLinks).where(eq(reviewLinks.code, code)).limit(1)
      : await db
          .update(reviewLinks)
          .set({ clicks: sql`${reviewLinks.clicks} + 1`, firstClickedAt: sql`coalesce(${reviewLinks.firstClickedAt}, ${now})`, lastClickedAt: now })
          .where(eq(reviewLinks.code, code))
          .returning();
    if (!row) return notFoundPage(reply);
    const [settings] = await db.select({ links: reviewSettings.links }).from(reviewSettings).where(eq(reviewSettings.companyId, row.companyId)).limit(1);
    const current = settings?.links.find((link) => link.id === row.linkId)?.url;
    const target = current && !reviewUrlProblem(current) ? current : row.url;
    if (reviewUrlProblem(target)) return notFoundPage(reply);
    return reply.code(302).header('location', target).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex').send();
  });
}
