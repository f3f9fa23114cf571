import { z } from 'zod';
import { NOTIFICATION_EVENTS } from '../db/schema';
import { getPreferences, listNotifications, markNotificationsRead, setPreference, unreadNotifications } from '../services/notifications-feed.service';
import { companyScope } from '../trpc/scope';
import { protectedProcedure, router } from '../trpc/trpc';
import { id } from './common.schema';

export const notificationsRouter = router({
  list: protectedProcedure
    .input(z.object({ unreadOnly: z.boolean().default(false), cursor: z.string().max(100).optional(), limit: z.number().int().min(1).max(100).default(30) }))
    .query(({ ctx, input }) => listNotifications(companyScope(ctx), input)),
  unreadCount: protectedProcedure.query(async ({ ctx }) => ({ count: await unreadNotifications(companyScope(ctx)) })),
  markRead: protectedProcedure
    .input(z.object({ ids: z.array(id).max(500).optional() }))
    .mutation(({ ctx, input }) => markNotificationsRead(companyScope(ctx), input.ids)),
  preferences: protectedProcedure.query(({ ctx }) => getPreferences(companyScope(ctx))),
  setPreference: protectedProcedure
    .input(z.object({ event: z.enum(NOTIFICATION_EVENTS), channel: z.enum(['in_app', 'email', 'sms']), enabled: z.boolean() }))
    .mutation(({ ctx, input }) => setPreference(companyScope(ctx), input)),
});
