import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/shared/api';

type SchedulingOutputs = inferRouterOutputs<AppRouter>['scheduling'];

/** A booking as the bookings views show it (`scheduling.appointments.list`). */
export type AppointmentListItem = SchedulingOutputs['appointments']['list']['items'][number];
/** An appointment type (`scheduling.types.list`). */
export type AppointmentType = SchedulingOutputs['types']['list'][number];
/** A free slot of a type, with who could take it (`scheduling.slots`). */
export type OpenSlot = SchedulingOutputs['slots']['slots'][number];
/** A team member's hours (`scheduling.availability.get`). */
export type MemberAvailability = SchedulingOutputs['availability']['get'];
