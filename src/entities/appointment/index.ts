export { appointmentKeys, invalidateBookings, invalidateSchedulingSetup } from './api/appointment.queries';
export type { AppointmentListItem, AppointmentType, MemberAvailability, OpenSlot } from './model/types';
export { addDays, dayHeading, dayOf, daysBetween, dayStart, minuteOfDay, mondayOf, timeIn, timeRangeIn, weekdayOf, whenIn, zoneName } from './model/zoned-day';
export { AppointmentBadges } from './ui/appointment-badges';
export { SlotSelect, type SlotSelectProps } from './ui/slot-select';
