import type { AppointmentLocation } from '@contracts/scheduling';

/** The appointment type form as typed (numbers may be empty while typing). Notice is in hours, like owners think of it. */
export interface TypeFormValues {
  name: string;
  durationMinutes: number | '';
  bufferBeforeMinutes: number | '';
  bufferAfterMinutes: number | '';
  minNoticeHours: number | '';
  horizonDays: number | '';
  location: AppointmentLocation;
  userIds: string[];
}

export type TypeFormErrors = Partial<Record<keyof TypeFormValues, string>>;

export const NEW_TYPE: TypeFormValues = { name: '', durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeHours: 2, horizonDays: 30, location: 'customer_address', userIds: [] };

/** The server's rules (scheduling.router.ts typeInput), said at the field before anything is sent. */
export function validateType(values: TypeFormValues): TypeFormErrors {
  const errors: TypeFormErrors = {};
  const whole = (value: number | '') => value !== '' && Number.isInteger(value);
  if (!values.name.trim()) errors.name = 'Name the appointment type';
  else if ([...values.name.trim()].length > 80) errors.name = 'At most 80 characters';
  if (!whole(values.durationMinutes)) errors.durationMinutes = 'How long it takes, in whole minutes';
  else if (Number(values.durationMinutes) < 5) errors.durationMinutes = 'At least 5 minutes';
  else if (Number(values.durationMinutes) > 12 * 60) errors.durationMinutes = 'At most 12 hours';
  for (const field of ['bufferBeforeMinutes', 'bufferAfterMinutes'] as const) {
    if (!whole(values[field]) || Number(values[field]) < 0) errors[field] = 'Whole minutes, 0 or more';
    else if (Number(values[field]) > 240) errors[field] = 'At most 4 hours';
  }
  if (values.minNoticeHours === '' || Number(values.minNoticeHours) < 0) errors.minNoticeHours = 'Hours of notice, 0 or more';
  else if (Number(values.minNoticeHours) > 30 * 24) errors.minNoticeHours = 'At most 30 days';
  if (!whole(values.horizonDays)) errors.horizonDays = 'Whole days';
  else if (Number(values.horizonDays) < 1) errors.horizonDays = 'At least 1 day';
  else if (Number(values.horizonDays) > 365) errors.horizonDays = 'At most a year';
  return errors;
}

/** What the server takes (`scheduling.types.create`), from a valid form. */
export function typeInput(values: TypeFormValues) {
  return {
    name: values.name.trim(),
    durationMinutes: Number(values.durationMinutes),
    bufferBeforeMinutes: Number(values.bufferBeforeMinutes),
    bufferAfterMinutes: Number(values.bufferAfterMinutes),
    minNoticeMinutes: Math.round(Number(values.minNoticeHours) * 60),
    horizonDays: Number(values.horizonDays),
    location: values.location,
    userIds: values.userIds,
  };
}

/** The server's field names → the form's (notice is typed in hours). */
export function formField(serverField: string): keyof TypeFormValues | null {
  if (serverField === 'minNoticeMinutes') return 'minNoticeHours';
  const known: Array<keyof TypeFormValues> = ['name', 'durationMinutes', 'bufferBeforeMinutes', 'bufferAfterMinutes', 'horizonDays', 'location', 'userIds'];
  return known.find((field) => field === serverField) ?? null;
}
