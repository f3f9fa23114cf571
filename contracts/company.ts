/**
 * Company settings vocabulary shared by the settings screens and the server's validation: trades, US states and
 * Canadian provinces, the North American time zones we support, postal-code formats and weekly hours.
 * No Node or DOM imports.
 */

export const TRADES = [
  { value: 'hvac', label: 'HVAC / heating & cooling' },
  { value: 'plumbing', label: 'Plumbing' },
  { value: 'electrical', label: 'Electrical' },
  { value: 'roofing', label: 'Roofing' },
  { value: 'moving', label: 'Moving & storage' },
  { value: 'cleaning', label: 'Cleaning' },
  { value: 'landscaping', label: 'Landscaping & lawn care' },
  { value: 'pest-control', label: 'Pest control' },
  { value: 'garage-doors', label: 'Garage doors' },
  { value: 'painting', label: 'Painting' },
  { value: 'handyman', label: 'Handyman / general contracting' },
  { value: 'other', label: 'Other home service' },
] as const;
export type Trade = (typeof TRADES)[number]['value'];
export const TRADE_VALUES = TRADES.map((t) => t.value) as [Trade, ...Trade[]];

export const COUNTRIES = [
  { value: 'US', label: 'United States' },
  { value: 'CA', label: 'Canada' },
] as const;
export type Country = (typeof COUNTRIES)[number]['value'];

/** Region code → [name, main IANA time zone]. */
export const US_STATES: Record<string, [string, string]> = {
  AL: ['Alabama', 'America/Chicago'], AK: ['Alaska', 'America/Anchorage'], AZ: ['Arizona', 'America/Phoenix'],
  AR: ['Arkansas', 'America/Chicago'], CA: ['California', 'America/Los_Angeles'], CO: ['Colorado', 'America/Denver'],
  CT: ['Connecticut', 'America/New_York'], DE: ['Delaware', 'America/New_York'], DC: ['District of Columbia', 'America/New_York'],
  FL: ['Florida', 'America/New_York'], GA: ['Georgia', 'America/New_York'], HI: ['Hawaii', 'Pacific/Honolulu'],
  ID: ['Idaho', 'America/Denver'], IL: ['Illinois', 'America/Chicago'], IN: ['Indiana', 'America/New_York'],
  IA: ['Iowa', 'America/Chicago'], KS: ['Kansas', 'America/Chicago'], KY: ['Kentucky', 'America/New_York'],
  LA: ['Louisiana', 'America/Chicago'], ME: ['Maine', 'America/New_York'], MD: ['Maryland', 'America/New_York'],
  MA: ['Massachusetts', 'America/New_York'], MI: ['Michigan', 'America/New_York'], MN: ['Minnesota', 'America/Chicago'],
  MS: ['Mississippi', 'America/Chicago'], MO: ['Missouri', 'America/Chicago'], MT: ['Montana', 'America/Denver'],
  NE: ['Nebraska', 'America/Chicago'], NV: ['Nevada', 'America/Los_Angeles'], NH: ['New Hampshire', 'America/New_York'],
  NJ: ['New Jersey', 'America/New_York'], NM: ['New Mexico', 'America/Denver'], NY: ['New York', 'America/New_York'],
  NC: ['North Carolina', 'America/New_York'], ND: ['North Dakota', 'America/Chicago'], OH: ['Ohio', 'America/New_York'],
  OK: ['Oklahoma', 'America/Chicago'], OR: ['Oregon', 'America/Los_Angeles'], PA: ['Pennsylvania', 'America/New_York'],
  RI: ['Rhode Island', 'America/New_York'], SC: ['South Carolina', 'America/New_York'], SD: ['South Dakota', 'America/Chicago'],
  TN: ['Tennessee', 'America/Chicago'], TX: ['Texas', 'America/Chicago'], UT: ['Utah', 'America/Denver'],
  VT: ['Vermont', 'America/New_York'], VA: ['Virginia', 'America/New_York'], WA: ['Washington', 'America/Los_Angeles'],
  WV: ['West Virginia', 'America/New_York'], WI: ['Wisconsin', 'America/Chicago'], WY: ['Wyoming', 'America/Denver'],
  PR: ['Puerto Rico', 'America/Puerto_Rico'],
};

export const CA_PROVINCES: Record<string, [string, string]> = {
  AB: ['Alberta', 'America/Edmonton'], BC: ['British Columbia', 'America/Vancouver'], MB: ['Manitoba', 'America/Winnipeg'],
  NB: ['New Brunswick', 'America/Moncton'], NL: ['Newfoundland and Labrador', 'America/St_Johns'],
  NS: ['Nova Scotia', 'America/Halifax'], NT: ['Northwest Territories', 'America/Yellowknife'], NU: ['Nunavut', 'America/Iqaluit'],
  ON: ['Ontario', 'America/Toronto'], PE: ['Prince Edward Island', 'America/Halifax'], QC: ['Quebec', 'America/Toronto'],
  SK: ['Saskatchewan', 'America/Regina'], YT: ['Yukon', 'America/Whitehorse'],
};

export function regionsOf(country: Country): Record<string, [string, string]> {
  return country === 'CA' ? CA_PROVINCES : US_STATES;
}

export const TIME_ZONES = [
  { value: 'America/New_York', label: 'Eastern (New York, Toronto)' },
  { value: 'America/Chicago', label: 'Central (Chicago, Dallas)' },
  { value: 'America/Denver', label: 'Mountain (Denver)' },
  { value: 'America/Phoenix', label: 'Arizona (no daylight saving)' },
  { value: 'America/Los_Angeles', label: 'Pacific (Los Angeles, Seattle)' },
  { value: 'America/Anchorage', label: 'Alaska' },
  { value: 'Pacific/Honolulu', label: 'Hawaii' },
  { value: 'America/Puerto_Rico', label: 'Atlantic (Puerto Rico)' },
  { value: 'America/Toronto', label: 'Eastern — Canada (Toronto, Montreal)' },
  { value: 'America/Winnipeg', label: 'Central — Canada (Winnipeg)' },
  { value: 'America/Regina', label: 'Saskatchewan (no daylight saving)' },
  { value: 'America/Edmonton', label: 'Mountain — Canada (Edmonton, Calgary)' },
  { value: 'America/Vancouver', label: 'Pacific — Canada (Vancouver)' },
  { value: 'America/Halifax', label: 'Atlantic (Halifax)' },
  { value: 'America/Moncton', label: 'Atlantic (Moncton)' },
  { value: 'America/St_Johns', label: 'Newfoundland (St. John’s)' },
  { value: 'America/Yellowknife', label: 'Mountain — Northwest Territories' },
  { value: 'America/Iqaluit', label: 'Eastern — Nunavut' },
  { value: 'America/Whitehorse', label: 'Yukon' },
] as const;
export type TimeZone = (typeof TIME_ZONES)[number]['value'];
export const TIME_ZONE_VALUES = TIME_ZONES.map((z) => z.value) as [TimeZone, ...TimeZone[]];

export function defaultTimeZoneFor(country: Country, region: string | null | undefined): TimeZone | null {
  const zone = region ? regionsOf(country)[region]?.[1] : undefined;
  return (TIME_ZONE_VALUES as readonly string[]).includes(zone ?? '') ? (zone as TimeZone) : null;
}

/** Minutes east of UTC of `zone` at `at` (negative in the Americas). */
function utcOffsetMinutes(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((local - at.getTime()) / 60_000);
}

/**
 * The time-zone choice for a browser's IANA zone (onboarding prefills it): the zone itself when it is one of ours,
 * otherwise the first of ours with the same UTC offset in both January and July (America/Detroit → New York,
 * America/Boise → Denver); null for a zone outside the US and Canada or one no choice matches.
 */
export function timeZoneChoiceFor(ianaZone: string | null | undefined): TimeZone | null {
  if (!ianaZone) return null;
  if ((TIME_ZONE_VALUES as readonly string[]).includes(ianaZone)) return ianaZone as TimeZone;
  const winter = new Date(Date.UTC(2026, 0, 15, 12));
  const summer = new Date(Date.UTC(2026, 6, 15, 12));
  let offsets: [number, number];
  try {
    offsets = [utcOffsetMinutes(ianaZone, winter), utcOffsetMinutes(ianaZone, summer)];
  } catch {
    return null; // not a zone this browser's Intl knows
  }
  if (!ianaZone.startsWith('America/') && !ianaZone.startsWith('Pacific/Honolulu') && !ianaZone.startsWith('Canada/') && !ianaZone.startsWith('US/')) return null;
  return TIME_ZONE_VALUES.find((zone) => utcOffsetMinutes(zone, winter) === offsets[0] && utcOffsetMinutes(zone, summer) === offsets[1]) ?? null;
}

/** US ZIP (12345 or 12345-6789) or Canadian postal code (A1A 1A1), normalized; null when invalid. */
export function normalizePostalCode(country: Country, value: string): string | null {
  const trimmed = value.trim().toUpperCase();
  if (country === 'US') {
    const match = /^(\d{5})(?:[-\s]?(\d{4}))?$/.exec(trimmed);
    return match ? (match[2] ? `${match[1]}-${match[2]}` : match[1]!) : null;
  }
  const match = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])\s?(\d[ABCEGHJ-NPRSTV-Z]\d)$/.exec(trimmed);
  return match ? `${match[1]} ${match[2]}` : null;
}

/** A service-area entry: a US ZIP (5 digits) or a Canadian forward sortation area / full postal code. */
export function normalizeServiceAreaEntry(country: Country, value: string): string | null {
  const trimmed = value.trim().toUpperCase();
  if (country === 'US') return /^\d{5}$/.test(trimmed) ? trimmed : null;
  if (/^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]$/.test(trimmed)) return trimmed;
  return normalizePostalCode('CA', trimmed);
}

export const WEEKDAYS = [
  { key: 'mon', label: 'Monday' },
  { key: 'tue', label: 'Tuesday' },
  { key: 'wed', label: 'Wednesday' },
  { key: 'thu', label: 'Thursday' },
  { key: 'fri', label: 'Friday' },
  { key: 'sat', label: 'Saturday' },
  { key: 'sun', label: 'Sunday' },
] as const;
export type Weekday = (typeof WEEKDAYS)[number]['key'];

export type DayHours = { open: string; close: string } | null;
export type WeeklyHours = Record<Weekday, DayHours>;

export const DEFAULT_HOURS: WeeklyHours = {
  mon: { open: '08:00', close: '17:00' },
  tue: { open: '08:00', close: '17:00' },
  wed: { open: '08:00', close: '17:00' },
  thu: { open: '08:00', close: '17:00' },
  fri: { open: '08:00', close: '17:00' },
  sat: null,
  sun: null,
};

export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
