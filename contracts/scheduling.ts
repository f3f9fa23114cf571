/**
 * Scheduling (issue 24): appointment types, each team member's weekly hours with date overrides, and bookings
 * that never collide. Times of day are minutes after local midnight in the company's time zone; instants are ms
 * since the epoch.
 */

/** Where the appointment happens. */
export const APPOINTMENT_LOCATIONS = ['customer_address', 'phone_call'] as const;
export type AppointmentLocation = (typeof APPOINTMENT_LOCATIONS)[number];

export const APPOINTMENT_LOCATION_WORDS: Record<AppointmentLocation, string> = {
  customer_address: 'At the customer’s address',
  phone_call: 'A phone call',
};

export const APPOINTMENT_STATUSES = ['booked', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** A stretch of working time in one day, in minutes after local midnight (end after start, at most 24 h). */
export interface DayHours {
  start: number;
  end: number;
}

/** A team member's working week: ISO weekday (1 Monday … 7 Sunday) → the stretches worked that day. */
export type WorkingWeek = Partial<Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', DayHours[]>>;

/** A date (YYYY-MM-DD, the company's zone) → its hours instead of the week's; an empty list is a day off. */
export type DateOverrides = Record<string, DayHours[]>;

/** Monday to Friday, 8 am – 5 pm: a new team member's hours until they are set. */
export const DEFAULT_WORKING_WEEK: WorkingWeek = Object.fromEntries(['1', '2', '3', '4', '5'].map((day) => [day, [{ start: 8 * 60, end: 17 * 60 }]]));

/** A stretch of the day a customer asked for ("before 11", "afternoon"), minutes after local midnight. */
export interface TimeWindow {
  start: number;
  end: number;
  /** Their words, as shown to staff ("before 11"). */
  words: string;
}

/** The free times the assistant offered in a thread, until the customer picks one or the offer goes stale. */
export interface SlotOffer {
  typeId: string;
  /** Slot starts offered, ms since epoch, in the order offered. */
  starts: number[];
  /** The window the customer asked for, kept for the next offer. */
  window: TimeWindow | null;
  /** ms since epoch */
  offeredAt: number;
}

/** The zone hours and bookings are read in until the company sets its own (Settings → Company). */
export const SCHEDULING_FALLBACK_ZONE = 'America/New_York';

/** Slots start every this many minutes within a working stretch. */
export const SLOT_STEP_MINUTES = 30;

/** "9:00 am" from minutes after midnight. */
export function describeTimeOfDay(minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24;
  const minute = minutes % 60;
  const suffix = hour < 12 ? 'am' : 'pm';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${String(minute).padStart(2, '0')} ${suffix}`;
}
