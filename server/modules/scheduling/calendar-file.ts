import ICAL from 'ical.js';

/**
 * A booking as an iCalendar file (RFC 5545, written with ical.js): times in UTC, the business as its summary's
 * owner, the address as its location. A cancelled booking is served as CANCELLED so a calendar that added it
 * takes it away.
 */
export function calendarFile(input: { uid: string; start: Date; end: Date; stamp: Date; summary: string; location: string | null; description: string; cancelled: boolean }): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.updatePropertyWithValue('prodid', '-//LeadLoop//Scheduling//EN');
  calendar.updatePropertyWithValue('version', '2.0');
  calendar.updatePropertyWithValue('method', 'PUBLISH');
  const event = new ICAL.Component('vevent');
  event.updatePropertyWithValue('uid', input.uid);
  event.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(input.stamp, true));
  event.updatePropertyWithValue('dtstart', ICAL.Time.fromJSDate(input.start, true));
  event.updatePropertyWithValue('dtend', ICAL.Time.fromJSDate(input.end, true));
  event.updatePropertyWithValue('summary', input.summary);
  event.updatePropertyWithValue('description', input.description);
  if (input.location) event.updatePropertyWithValue('location', input.location);
  event.updatePropertyWithValue('status', input.cancelled ? 'CANCELLED' : 'CONFIRMED');
  calendar.addSubcomponent(event);
  return calendar.toString();
}
