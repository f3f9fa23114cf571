import type { QueryClient } from '@tanstack/react-query';
import { apiKeys } from '@/shared/api-react';

/** Scheduling's server state: keys, and what a booking, a move or a cancel refreshes. */
export const appointmentKeys = {
  all: () => apiKeys.scheduling.pathKey(),
  list: () => apiKeys.scheduling.appointments.list.pathKey(),
  slots: () => apiKeys.scheduling.slots.pathKey(),
  types: () => apiKeys.scheduling.types.list.pathKey(),
  availability: () => apiKeys.scheduling.availability.get.pathKey(),
};

/** After a booking changes: the bookings views and every type's free slots. */
export function invalidateBookings(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: appointmentKeys.list() }), queryClient.invalidateQueries({ queryKey: appointmentKeys.slots() })]);
}

/** After a type or someone's hours change: the types, the hours and the free slots. */
export function invalidateSchedulingSetup(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: appointmentKeys.types() }),
    queryClient.invalidateQueries({ queryKey: appointmentKeys.availability() }),
    queryClient.invalidateQueries({ queryKey: appointmentKeys.slots() }),
  ]);
}
