import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { appointments, appointmentTypes, companies } from '@server/platform/db/schema';
import type { AppServices } from '@server/platform/services';
import { calendarFile } from './calendar-file';
import { sha256Hex } from '@server/platform/lib/crypto';

/**
 * `GET /a/<token>.ics`: a booking's calendar file for the customer, from the unguessable link in their
 * confirmation — no sign-in, nothing but the appointment itself (what, when, where, with whom). Unknown → 404.
 */
export function registerSchedulingRoutes(http: FastifyInstance, options: { services: AppServices }): void {
  http.get<{ Params: { file: string } }>('/a/:file', async (request, reply) => {
    const match = /^([A-Za-z0-9_-]{20,64})\.ics$/.exec(request.params.file);
    const [row] = match
      ? await options.services.db
          .select({ appointment: appointments, typeName: appointmentTypes.name, business: companies.name })
          .from(appointments)
          .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
          .innerJoin(companies, eq(companies.id, appointments.companyId))
          .where(and(eq(appointments.icsTokenHash, sha256Hex(match[1]!))))
          .limit(1)
      : [];
    if (!row) return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('No appointment at this address.');
    const { appointment } = row;
    const body = calendarFile({
      uid: `${appointment.id}@leadloop`,
      start: appointment.startsAt,
      end: appointment.endsAt,
      stamp: appointment.updatedAt,
      summary: `${row.typeName} — ${row.business}`,
      location: appointment.location === 'phone_call' ? 'Phone call' : appointment.address,
      description: `${row.typeName} with ${row.business}. Reply to their text to change it.`,
      cancelled: appointment.status === 'cancelled',
    });
    return reply
      .code(200)
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'attachment; filename="appointment.ics"')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .send(body);
  });
}
