import { z } from 'zod';
import { NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS, PUSH_PREVIEWS } from '@contracts/notification';
import { listPushDevices, removePushDevice, subscribePush, updatePushDevice } from './push.service';
import { getPreferences, listNotifications, markNotificationsRead, setPreference, unreadNotifications } from './notifications.service';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { id } from '@server/platform/lib/common.schema';

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
    .input(z.object({ event: z.enum(NOTIFICATION_EVENTS), channel: z.enum(NOTIFICATION_CHANNELS), enabled: z.boolean() }))
    .mutation(({ ctx, input }) => setPreference(companyScope(ctx), input)),

  /** Web Push on this person's devices: each device picks its events and how much a lock screen may show. */
  push: router({
    config: protectedProcedure.query(({ ctx }) => ({ available: ctx.services.push !== null, publicKey: ctx.services.push?.publicKey ?? null })),
    devices: protectedProcedure.query(({ ctx }) => listPushDevices(companyScope(ctx))),
    subscribe: protectedProcedure
      .input(
        z.object({
          endpoint: z.url({ protocol: /^https?$/ }).max(2000),
          keys: z.object({ p256dh: z.string().min(16).max(200), auth: z.string().min(8).max(100) }),
          label: z.string().trim().min(1).max(80),
          events: z.array(z.enum(NOTIFICATION_EVENTS)).max(NOTIFICATION_EVENTS.length),
          preview: z.enum(PUSH_PREVIEWS).default('full'),
        }),
      )
      .mutation(({ ctx, input }) => subscribePush(companyScope(ctx), ctx.services.push, input)),
    update: protectedProcedure
      .input(z.object({ id, events: z.array(z.enum(NOTIFICATION_EVENTS)).max(NOTIFICATION_EVENTS.length).optional(), preview: z.enum(PUSH_PREVIEWS).optional() }))
      .mutation(({ ctx, input }) => updatePushDevice(companyScope(ctx), input.id, { events: input.events, preview: input.preview })),
    remove: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => removePushDevice(companyScope(ctx), input.id)),
  }),
});
