import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addDays, dayHeading, dayOf, dayStart, timeRangeIn } from '@/entities/appointment';
import { type ApiHandlers, apiError, createFakeApi, renderScreen } from '@/shared/lib/test';
import { SchedulingPage } from './scheduling-page';

const ZONE = 'America/Chicago';
const HOUR = 3_600_000;
const OWNER = '11111111-1111-4111-8111-111111111111';
const TYPE = '22222222-2222-4222-8222-222222222222';
const CLIENT = '33333333-3333-4333-8333-333333333333';
const LEAD = '44444444-4444-4444-8444-444444444444';
const BOOKING = '55555555-5555-4555-8555-555555555555';
const SLOT_TAKEN = 'That time was just taken: choose another.';

const today = dayOf(Date.now(), ZONE);
const tomorrow = addDays(today, 1);
/** Tomorrow 10:00 and 11:00 in the company's zone. */
const slotA = dayStart(tomorrow, ZONE) + 10 * HOUR;
const slotB = dayStart(tomorrow, ZONE) + 11 * HOUR;

const members = [{ id: OWNER, firstName: 'Olivia', lastName: 'Owner', email: 'olivia@acme.test', role: 'owner', me: true }];
const type = { id: TYPE, companyId: 'c', name: 'Drain cleaning', durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 30, minNoticeMinutes: 60, horizonDays: 14, location: 'customer_address', userIds: [], active: true, createdAt: 0, updatedAt: 0 };

function booking(start: number) {
  return {
    id: BOOKING,
    typeId: TYPE,
    typeName: 'Drain cleaning',
    userId: OWNER,
    memberName: 'Olivia Owner',
    contactId: CLIENT,
    clientName: 'Jane Doe',
    phone: '+13125550111',
    leadId: LEAD,
    start,
    end: start + HOUR,
    status: 'booked',
    location: 'customer_address',
    address: '12 Oak St',
    notes: 'Dog in the yard',
    bookedBy: 'staff',
    createdAt: 0,
    cancelledAt: null,
    confirmedAt: Date.now(),
    rescheduleRequestedAt: null,
  };
}

function api(handlers: ApiHandlers = {}) {
  return createFakeApi({
    'team.members': () => members,
    'scheduling.appointments.list': () => ({ zone: ZONE, items: [] }),
    'scheduling.types.list': () => [type],
    'scheduling.slots': () => ({ zone: ZONE, slots: [slotA, slotB].map((start) => ({ start, end: start + HOUR, userIds: [OWNER] })) }),
    'clients.list': () => ({ items: [{ id: CLIENT, name: 'Jane Doe', firstName: 'Jane', lastName: 'Doe', phone: '+13125550111', otherPhones: [], optedOut: false, optedOutAt: null, blocked: false, email: null, leadsCount: 1, lastMessageAt: null, createdAt: 0 }], total: 1 }),
    'clients.get': () => ({ id: CLIENT, name: 'Jane Doe', addressLine1: '12 Oak St', city: 'Chicago', region: 'IL', postalCode: '60601' }),
    ...handlers,
  });
}

async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string | RegExp) {
  await user.click(screen.getByRole('combobox', { name: new RegExp(`^${field}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillBooking(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Book appointment' }));
  const dialog = await screen.findByRole('dialog', { name: 'Book an appointment' });
  await choose(user, 'Appointment type', 'Drain cleaning · 60 min');
  await user.click(within(dialog).getByRole('combobox', { name: /^Client/ }));
  await user.type(within(dialog).getByRole('combobox', { name: /^Client/ }), 'Jane');
  await user.click(await screen.findByRole('option', { name: /Jane Doe/ }));
  await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Address' })).toHaveValue('12 Oak St, Chicago, IL 60601'));
  await choose(user, 'Time', timeRangeIn(slotB, slotB + HOUR, ZONE));
  return dialog;
}

describe('SchedulingPage', () => {
  it('the day view shows a booking from the data, named by client and time; it opens to its details with the customer’s answer', async () => {
    const start = dayStart(today, ZONE) + 10 * HOUR;
    const fake = api({ 'scheduling.appointments.list': () => ({ zone: ZONE, items: [booking(start)] }) });
    const { heading } = await renderScreen(SchedulingPage, { path: '/scheduling', api: fake });
    expect(heading).toHaveTextContent('Scheduling');
    const day = await screen.findByRole('region', { name: 'Day view' });
    const block = await within(day).findByRole('button', { name: /Jane Doe, 10:00 AM – 11:00 AM, Drain cleaning with Olivia Owner/ });
    expect(fake.callsTo('scheduling.appointments.list').at(-1)).toEqual({ from: dayStart(today, ZONE), days: 1 });
    expect(screen.getByText(/Times are in your company’s time zone: Central (Standard|Daylight) Time \(America\/Chicago\)/)).toBeInTheDocument();

    await userEvent.click(block);
    const details = await screen.findByRole('dialog', { name: 'Booking' });
    expect(within(details).getByText('Confirmed')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'Jane Doe' })).toHaveAttribute('href', `/clients/${CLIENT}`);
    expect(within(details).getByRole('table', { name: 'Booking details' })).toHaveTextContent('12 Oak St');
    expect(within(details).getByRole('table', { name: 'Booking details' })).toHaveTextContent('Dog in the yard');
  });

  it('moves between days only once the server has said the company’s zone, so a day is never counted from a guessed one', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const fake = api({ 'scheduling.appointments.list': () => new Promise((resolve) => (answer = resolve)) });
    await renderScreen(SchedulingPage, { path: '/scheduling', api: fake });
    const next = await screen.findByRole('button', { name: 'Next day' });
    expect(next).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous day' })).toBeDisabled();
    answer({ zone: ZONE, items: [] });
    await waitFor(() => expect(next).toBeEnabled());
    fake.handlers['scheduling.appointments.list'] = () => ({ zone: ZONE, items: [] });
    await userEvent.click(next);
    await waitFor(() => expect(fake.callsTo('scheduling.appointments.list').at(-1)).toEqual({ from: dayStart(tomorrow, ZONE), days: 1 }));
  });

  it('books from the dialog: the chosen type, client and free time go to the server', async () => {
    const fake = api({ 'scheduling.appointments.book': () => ({ id: BOOKING, startsAt: new Date(slotB).toISOString() }) });
    await renderScreen(SchedulingPage, { path: '/scheduling', api: fake });
    const user = userEvent.setup();
    const dialog = await fillBooking(user);
    expect(within(dialog).getByText(dayHeading(tomorrow), { exact: false })).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes for the team' }), 'Side gate');
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(fake.callsTo('scheduling.appointments.book')).toHaveLength(1));
    expect(fake.callsTo('scheduling.appointments.book')[0]).toEqual({ typeId: TYPE, start: slotB, contactId: CLIENT, leadId: null, userId: null, address: '12 Oak St, Chicago, IL 60601', notes: 'Side gate' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Book an appointment' })).not.toBeInTheDocument());
  });

  it('shows the server’s “just taken” at the time, and asks for the free times again', async () => {
    const fake = api({
      'scheduling.appointments.book': () => {
        throw apiError('CONFLICT', SLOT_TAKEN);
      },
    });
    await renderScreen(SchedulingPage, { path: '/scheduling', api: fake });
    const user = userEvent.setup();
    const dialog = await fillBooking(user);
    const slotCalls = fake.callsTo('scheduling.slots').length;
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(await within(dialog).findByText(SLOT_TAKEN)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /^Time/ })).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(fake.callsTo('scheduling.slots').length).toBeGreaterThan(slotCalls));
    expect(screen.getByRole('dialog', { name: 'Book an appointment' })).toBeInTheDocument();
  });

  it('the type form says what is wrong at the field before sending, then creates the type', async () => {
    const fake = api({ 'scheduling.types.list': () => [], 'scheduling.types.create': (input) => ({ ...type, ...(input as object) }) });
    await renderScreen(SchedulingPage, { path: '/scheduling', api: fake });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Appointment types' }));
    expect(await screen.findByRole('heading', { name: 'No appointment types yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New appointment type' }));
    const form = await screen.findByRole('form', { name: 'New appointment type' });
    const duration = within(form).getByRole('textbox', { name: 'Duration (minutes)' });
    await user.clear(duration);
    await user.type(duration, '2');
    await user.clear(within(form).getByRole('textbox', { name: 'Book up to (days ahead)' }));
    await user.click(within(form).getByRole('button', { name: 'Add appointment type' }));
    expect(within(form).getByText('Name the appointment type')).toBeInTheDocument();
    expect(within(form).getByText('At least 5 minutes')).toBeInTheDocument();
    expect(within(form).getByText('Whole days')).toBeInTheDocument();
    expect(fake.callsTo('scheduling.types.create')).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Estimate visit');
    await user.clear(duration);
    await user.type(duration, '45');
    await user.type(within(form).getByRole('textbox', { name: 'Book up to (days ahead)' }), '21');
    await user.click(within(form).getByRole('radio', { name: 'A phone call' }));
    await user.click(within(form).getByRole('button', { name: 'Add appointment type' }));
    await waitFor(() => expect(fake.callsTo('scheduling.types.create')).toHaveLength(1));
    expect(fake.callsTo('scheduling.types.create')[0]).toEqual({ name: 'Estimate visit', durationMinutes: 45, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 120, horizonDays: 21, location: 'phone_call', userIds: [] });
  });
});
