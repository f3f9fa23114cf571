import { z } from 'zod';
import { APPOINTMENT_LOCATIONS } from '@contracts/scheduling';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { id } from '@server/platform/lib/common.schema';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { bookSlot, cancelAppointment, createAppointmentType, getAvailability, listAppointments, listAppointmentTypes, listOpenSlots, moveAppointment, setAvailability, updateAppointmentType } from './scheduling.service';

const DAY_MINUTES = 24 * 60;
const stretch = z
  .object({ start: z.number().int().min(0).max(DAY_MINUTES), end: z.number().int().min(1).max(DAY_MINUTES) })
  .refine((hours) => hours.end > hours.start, { message: 'Each stretch ends after it starts', path: ['end'] });
const day = z
  .array(stretch)
  .max(6, 'At most 6 stretches a day')
  .refine((stretches) => [...stretches].sort((a, b) => a.start - b.start).every((hours, index, sorted) => index === 0 || hours.start >= sorted[index - 1]!.end), { message: 'Stretches of one day may not overlap' });
const weekly = z.partialRecord(z.enum(['1', '2', '3', '4', '5', '6', '7']), day);
const overrides = z.record(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD'), day).refine((dates) => Object.keys(dates).length <= 400, { message: 'At most 400 dates' });

const typeInput = z.object({
  name: z.string().trim().min(1, 'Name the appointment type').max(80, 'At most 80 characters'),
  durationMinutes: z.number().int().min(5, 'At least 5 minutes').max(12 * 60, 'At most 12 hours'),
  bufferBeforeMinutes: z.number().int().min(0).max(240, 'At most 4 hours'),
  bufferAfterMinutes: z.number().int().min(0).max(240, 'At most 4 hours'),
  minNoticeMinutes: z.number().int().min(0).max(30 * DAY_MINUTES, 'At most 30 days'),
  horizonDays: z.number().int().min(1, 'At least 1 day').max(365, 'At most a year'),
  location: z.enum(APPOINTMENT_LOCATIONS),
  userIds: z.array(id).max(100),
});

/** Scheduling: appointment types, team hours, free slots, bookings. */
export const schedulingRouter = router({
  types: router({
    list: protectedProcedure.query(({ ctx }) => listAppointmentTypes(companyScope(ctx))),
    create: protectedProcedure.input(typeInput).mutation(({ ctx, input }) => createAppointmentType(companyScope(ctx), input)),
    update: protectedProcedure.input(typeInput.extend({ id, active: z.boolean() })).mutation(({ ctx, input }) => {
      const { id: typeId, ...values } = input;
      return updateAppointmentType(companyScope(ctx), typeId, values);
    }),
  }),
  availability: router({
    get: protectedProcedure.input(z.object({ userId: id })).query(({ ctx, input }) => getAvailability(companyScope(ctx), input.userId)),
    set: protectedProcedure.input(z.object({ userId: id, weekly, overrides })).mutation(({ ctx, input }) => setAvailability(companyScope(ctx), input)),
  }),
  slots: protectedProcedure.input(z.object({ typeId: id })).query(({ ctx, input }) => listOpenSlots(companyScope(ctx), input.typeId)),
  appointments: router({
    list: protectedProcedure.input(z.object({ from: z.number().int(), days: z.number().int().min(1).max(62) })).query(({ ctx, input }) => listAppointments(companyScope(ctx), { from: new Date(input.from), days: input.days })),
    book: protectedProcedure
      .input(z.object({ typeId: id, start: z.number().int(), contactId: id, leadId: id.nullable(), userId: id.nullable().optional(), address: z.string().trim().max(300).nullable().optional(), notes: z.string().trim().max(2000).nullable().optional() }))
      .mutation(async ({ ctx, input }) => {
        const scope = companyScope(ctx);
        const { appointment } = await transactionWithEvents(ctx.services, (tx, events) =>
          bookSlot(tx, ctx.services, events, { ...input, companyId: scope.companyId, start: new Date(input.start), bookedBy: 'staff', bookedByUserId: scope.userId, now: scope.now }),
        );
        return appointment;
      }),
    /** A new time (and perhaps another member) for a booking; any signed-in member of the company may move one. */
    move: protectedProcedure
      .input(z.object({ id, start: z.number().int(), userId: id.nullable().optional() }))
      .mutation(({ ctx, input }) => moveAppointment(companyScope(ctx), ctx.services, { id: input.id, start: new Date(input.start), userId: input.userId })),
    /** Any signed-in member of the company may cancel a booking; the customer is told. */
    cancel: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => cancelAppointment(companyScope(ctx), ctx.services, input.id)),
  }),
});
