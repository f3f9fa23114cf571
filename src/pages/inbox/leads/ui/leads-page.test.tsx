import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type ApiHandlers, createFakeApi, renderScreen } from '@/shared/lib/test';
import { localDayEnd, localDayStart } from '@/shared/lib/search-params';
import { CONVERSATION_A, CONTACT_A, detailA, LEAD_A, LEAD_B, leadA, leadB, members, SAM } from './leads-test-data';
import { LeadsPage } from './leads-page';

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

function setup(path = '/leads', handlers: ApiHandlers = {}) {
  const api = createFakeApi({
    'team.members': () => members,
    'leads.list': () => ({ items: [leadA, leadB], total: 2 }),
    'leads.get': () => detailA,
    ...handlers,
  });
  return { api, user: userEvent.setup(), render: () => renderScreen(LeadsPage, { path, api }) };
}

const lastListInput = (api: ReturnType<typeof createFakeApi>) => api.callsTo('leads.list').at(-1);

describe('LeadsPage list', () => {
  it('shows each lead with client, need, source, status, value, assignee and when it came in', async () => {
    const { render } = setup();
    const { heading } = await render();
    expect(heading).toHaveTextContent('Leads');
    const rows = await screen.findAllByTestId('lead-row');
    expect(rows).toHaveLength(2);

    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: 'Jane Doe' })).toHaveAttribute('href', `/leads?lead=${LEAD_A}`);
    expect(first.getByText('(415) 555-2671')).toBeInTheDocument();
    expect(first.getByText('Water heater leaking in the garage')).toBeInTheDocument();
    expect(first.getByText('Website form')).toBeInTheDocument();
    expect(first.getByText('New')).toBeInTheDocument();
    expect(first.getByText('Sam Staff')).toBeInTheDocument();
    expect(first.getByText(/min/)).toHaveAttribute('datetime', new Date(leadA.createdAt).toISOString());
    expect(first.queryByText('Opted out')).not.toBeInTheDocument();

    const second = within(rows[1]!);
    expect(second.getByText('Opted out')).toBeInTheDocument();
    expect(second.getByText('Won')).toBeInTheDocument();
    expect(second.getByText('$1,250')).toBeInTheDocument();
    expect(second.getByText('Unassigned')).toBeInTheDocument();
    // What a lead wrote is text, never markup.
    expect(second.getByText('<b>AC not cooling</b>')).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
  });

  it('reads the filters from the address and sends them to leads.list', async () => {
    const { api, render } = setup('/leads?status=new,qualified,bogus&source=form&assigned=me&from=2025-03-01&to=2025-03-31&q=leak&page=2', {
      'leads.list': () => ({ items: [leadA], total: 30 }),
    });
    await render();
    await screen.findAllByTestId('lead-row');
    expect(api.callsTo('leads.list')[0]).toEqual({
      status: ['new', 'qualified'],
      source: ['form'],
      assigned: 'me',
      from: localDayStart('2025-03-01'),
      to: localDayEnd('2025-03-31'),
      search: 'leak',
      page: 2,
      pageSize: 25,
    });
    expect(screen.getByLabelText('Search')).toHaveValue('leak');
    expect(screen.getByText('26–26 of 30')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('changes the query as filters are chosen, back to page 1, and keeps them in the address', async () => {
    const { api, user, render } = setup('/leads?page=3', { 'leads.list': () => ({ items: [leadA, leadB], total: 80 }) });
    const { router } = await render();
    await screen.findAllByTestId('lead-row');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Qualified' }));
    await waitFor(() => expect(lastListInput(api)).toEqual({ status: ['qualified'], page: 1, pageSize: 25 }));

    await user.click(screen.getByRole('combobox', { name: 'Source' }));
    await user.click(await screen.findByRole('option', { name: 'Missed call' }));
    await waitFor(() => expect(lastListInput(api)).toMatchObject({ status: ['qualified'], source: ['missed_call'] }));

    await user.click(screen.getByRole('combobox', { name: 'Assigned to' }));
    await user.click(await screen.findByRole('option', { name: 'Sam Staff' }));
    await waitFor(() => expect(lastListInput(api)).toMatchObject({ assigned: SAM }));

    await user.type(screen.getByLabelText('Created from'), '2025-04-01');
    await waitFor(() => expect(lastListInput(api)).toMatchObject({ from: localDayStart('2025-04-01') }));

    const before = api.callsTo('leads.list').length;
    await user.type(screen.getByLabelText('Search'), 'heater');
    // Debounced: one request for the whole word, not one per letter.
    await waitFor(() => expect(lastListInput(api)).toMatchObject({ search: 'heater', page: 1 }));
    expect(api.callsTo('leads.list').length - before).toBe(1);

    expect(router.state.location.search).toMatchObject({ status: 'qualified', source: 'missed_call', assigned: SAM, from: '2025-04-01', q: 'heater' });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastListInput(api)).toEqual({ page: 1, pageSize: 25 }));
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });

  it('pages through the list', async () => {
    const { api, user, render } = setup('/leads', { 'leads.list': () => ({ items: [leadA, leadB], total: 60 }) });
    await render();
    await screen.findAllByTestId('lead-row');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastListInput(api)).toEqual({ page: 3, pageSize: 25 }));
  });
});

describe('LeadsPage empty states', () => {
  it('with no leads at all and no number, says where leads come from and offers the number first', async () => {
    const { render } = setup('/leads', { 'leads.list': () => ({ items: [], total: 0 }), 'phone.get': () => ({ number: null, twilioConfigured: false, alertPhone: null, protectedNumbers: [] }) });
    await render();
    expect(await screen.findByRole('heading', { name: 'No leads yet' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Set up your business number' })).toHaveAttribute('href', '/settings/phone');
    expect(screen.queryByRole('link', { name: 'Install the chat widget' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Filter leads' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New lead' })).toBeEnabled();
  });

  it('with no leads and a test number, offers missed calls and the test phone, not the number again', async () => {
    const { render } = setup('/leads', { 'leads.list': () => ({ items: [], total: 0 }), 'phone.get': () => ({ number: { e164: '+13125550100', provider: 'simulator' }, twilioConfigured: false, alertPhone: null, protectedNumbers: [] }) });
    await render();
    expect(await screen.findByRole('link', { name: 'Turn on missed-call text-back' })).toHaveAttribute('href', '/missed-calls/basic');
    expect(screen.getByRole('link', { name: 'Text yourself from the test phone' })).toHaveAttribute('href', '/settings/phone');
    expect(screen.queryByRole('link', { name: 'Set up your business number' })).not.toBeInTheDocument();
  });

  it('with filters that match nothing, offers to clear them', async () => {
    const { api, user, render } = setup('/leads?status=spam', {
      'leads.list': (input) => ((input as { status?: string[] }).status ? { items: [], total: 0 } : { items: [leadA], total: 1 }),
    });
    await render();
    expect(await screen.findByRole('heading', { name: 'No leads match these filters' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No leads yet' })).not.toBeInTheDocument();
    const empty = screen.getByTestId('empty-state');
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findAllByTestId('lead-row')).toHaveLength(1);
    expect(lastListInput(api)).toEqual({ page: 1, pageSize: 25 });
  });

  it('says so when the list cannot load', async () => {
    const { render } = setup('/leads', {
      'leads.list': () => {
        throw apiError('INTERNAL_SERVER_ERROR', 'Something went wrong on our side.');
      },
    });
    await render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Couldn’t load your leads');
  });
});

describe('LeadsPage bulk actions', () => {
  it('sets the status of the selected leads and confirms how many changed', async () => {
    const bulkUpdate = vi.fn((input: { ids: string[] }) => ({ updated: input.ids.length }));
    const { api, user, render } = setup('/leads', { 'leads.bulkUpdate': bulkUpdate as (input: unknown) => unknown });
    await render();
    await screen.findAllByTestId('lead-row');
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select lead from Jane Doe' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select lead from Bob Stone' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(bar).toHaveTextContent('2 leads selected');
    expect(screen.getByRole('checkbox', { name: 'Select all leads on this page' })).toBeChecked();

    const listCalls = api.callsTo('leads.list').length;
    await user.click(within(bar).getByRole('button', { name: 'Set status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Qualified' }));
    await waitFor(() => expect(bulkUpdate).toHaveBeenCalledTimes(1));
    expect(bulkUpdate.mock.calls[0]![0]).toEqual({ ids: [LEAD_A, LEAD_B], status: 'qualified' });
    expect(await screen.findByText('2 leads set to Qualified')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('leads.list').length).toBeGreaterThan(listCalls));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });

  it('assigns the selected leads to a team member', async () => {
    const bulkUpdate = vi.fn((input: { ids: string[] }) => ({ updated: input.ids.length }));
    const { user, render } = setup('/leads', { 'leads.bulkUpdate': bulkUpdate as (input: unknown) => unknown });
    await render();
    await screen.findAllByTestId('lead-row');
    await user.click(screen.getByRole('checkbox', { name: 'Select lead from Bob Stone' }));
    await user.click(screen.getByRole('button', { name: 'Assign to' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sam Staff' }));
    await waitFor(() => expect(bulkUpdate).toHaveBeenCalledWith({ ids: [LEAD_B], assignedUserId: SAM }));
    expect(await screen.findByText('1 lead assigned to Sam Staff')).toBeInTheDocument();
  });
});

describe('LeadsPage export', () => {
  it('exports the filtered leads as a CSV download', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:leads');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    const csv = 'Created,Name\r\n2025-03-01T10:00:00.000Z,Jane Doe\r\n';
    const { api, user, render } = setup('/leads?status=won&q=heater&page=2', {
      'leads.exportCsv': () => ({ filename: 'leadloop-leads-2025-03-02.csv', csv, count: 1 }),
    });
    await render();
    await screen.findAllByTestId('lead-row');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText('Exported 1 lead to leadloop-leads-2025-03-02.csv')).toBeInTheDocument();
    expect(api.callsTo('leads.exportCsv')).toEqual([{ status: ['won'], search: 'heater' }]);
    expect(clicks).toHaveLength(1);
    expect(clicks[0]!.download).toBe('leadloop-leads-2025-03-02.csv');
    expect(clicks[0]!.href).toBe('blob:leads');
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(await blob.text()).toBe(csv);
  });
});

describe('LeadsPage new lead', () => {
  it('checks first name and phone, sends leads.create with the consent choice, then opens the lead', async () => {
    const create = vi.fn(() => detailA);
    const { user, render } = setup('/leads', { 'leads.create': create });
    const { router } = await render();
    await user.click(screen.getByRole('button', { name: 'New lead' }));
    const dialog = await screen.findByRole('dialog', { name: 'New lead' });

    await user.click(within(dialog).getByRole('button', { name: 'Add lead' }));
    expect(within(dialog).getByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter their mobile number')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Mobile phone/)).toBeRequired();

    await user.type(within(dialog).getByLabelText(/First name/), 'Jane');
    await user.type(within(dialog).getByLabelText(/^Mobile phone/), '555');
    await user.click(within(dialog).getByRole('button', { name: 'Add lead' }));
    expect(within(dialog).getByText('Please enter a valid US or Canadian phone number.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByLabelText(/^Mobile phone/));
    await user.type(within(dialog).getByLabelText(/^Mobile phone/), '4155552671');
    await user.type(within(dialog).getByLabelText('Last name'), 'Doe');
    await user.type(within(dialog).getByLabelText('What they need'), 'Leaking water heater');
    const consent = within(dialog).getByRole('checkbox', { name: 'The customer asked us to contact them by text' });
    expect(consent).not.toBeChecked();
    await user.click(consent);
    await user.click(within(dialog).getByRole('button', { name: 'Add lead' }));

    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect((create.mock.calls[0] as unknown[])[0]).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      phone: '+14155552671',
      email: null,
      summary: 'Leaking water heater',
      consentConfirmed: true,
    });
    expect(await screen.findByText('Lead added for Jane Doe')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ lead: LEAD_A }));
    expect(await screen.findByRole('dialog', { name: 'Lead details' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'New lead' })).not.toBeInTheDocument();
  });

  it('shows the server’s field errors next to the fields', async () => {
    const { user, render } = setup('/leads', {
      'leads.create': () => {
        throw apiError('BAD_REQUEST', 'Invalid input: email: Enter a valid email address', { email: ['Enter a valid email address'] });
      },
    });
    await render();
    await user.click(screen.getByRole('button', { name: 'New lead' }));
    const dialog = await screen.findByRole('dialog', { name: 'New lead' });
    await user.type(within(dialog).getByLabelText(/First name/), 'Jane');
    await user.type(within(dialog).getByLabelText(/^Mobile phone/), '4155552671');
    await user.type(within(dialog).getByLabelText('Email'), 'jane@example.c');
    await user.click(within(dialog).getByRole('button', { name: 'Add lead' }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('LeadsPage lead drawer', () => {
  it('opens from the address and shows the lead, its tracking and links', async () => {
    const { render } = setup(`/leads?lead=${LEAD_A}`);
    await render();
    const drawer = await screen.findByRole('dialog', { name: 'Lead details' });
    expect(await within(drawer).findByRole('heading', { name: 'Jane Doe' })).toBeInTheDocument();
    expect(within(drawer).getByRole('combobox', { name: 'Status' })).toHaveValue('New');
    expect(within(drawer).getByRole('combobox', { name: 'Assigned to' })).toHaveValue('Sam Staff');
    expect(within(drawer).getByLabelText('What they need')).toHaveValue('Water heater leaking in the garage');
    expect(within(drawer).getByRole('link', { name: 'Open conversation' })).toHaveAttribute('href', `/conversations?c=${CONVERSATION_A}`);
    expect(within(drawer).getByRole('link', { name: 'Open client' })).toHaveAttribute('href', `/clients/${CONTACT_A}`);
    const tracking = within(drawer).getByRole('table', { name: 'Tracking data' });
    expect(tracking).toHaveTextContent('Campaign sourcegoogle');
    expect(tracking).toHaveTextContent('Google Ads click IDabc123');
    expect(tracking).toHaveTextContent('Pagehttps://acme.example/water-heaters');
    expect(within(drawer).getByRole('table', { name: 'Qualifier answers' })).toHaveTextContent('Leaking water heater');
    // No value field until the lead is won.
    expect(within(drawer).queryByLabelText('Job value')).not.toBeInTheDocument();
  });

  it('opens when a row is clicked and closes back to the list', async () => {
    const { user, render } = setup('/leads?status=new');
    const { router } = await render();
    const rows = await screen.findAllByTestId('lead-row');
    await user.click(within(rows[0]!).getByText('Water heater leaking in the garage'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'new', lead: LEAD_A }));
    const drawer = await screen.findByRole('dialog', { name: 'Lead details' });
    await user.click(within(drawer).getByRole('button', { name: 'Close lead details' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'new' }));
  });

  it('saves a new status right away with leads.update', async () => {
    const update = vi.fn((input: { id: string; status?: string }) => ({ ...detailA, ...input }));
    const { user, render } = setup(`/leads?lead=${LEAD_A}`, { 'leads.update': update as (input: unknown) => unknown });
    await render();
    const drawer = await screen.findByRole('dialog', { name: 'Lead details' });
    await user.click(await within(drawer).findByRole('combobox', { name: 'Status' }));
    await user.click(await within(drawer).findByRole('option', { name: 'Won' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ id: LEAD_A, status: 'won' }));
    // The drawer says it was saved, next to the choice (no Save button covers it).
    expect(await within(drawer).findByRole('status')).toHaveTextContent(/^✓ Marked as Won\. Add the job value below\. · saved /);
    expect(within(drawer).getByRole('combobox', { name: 'Status' })).toHaveValue('Won');

    // Won: the value in dollars is saved in cents.
    await user.type(within(drawer).getByLabelText('Job value'), '1250.5');
    await user.click(within(drawer).getByRole('button', { name: 'Save notes and value' }));
    await waitFor(() => expect(update).toHaveBeenLastCalledWith({ id: LEAD_A, valueCents: 125050 }));
    expect(await within(drawer).findByText(/^✓ Job value saved · saved /)).toBeInTheDocument();
  });

  it('assigns the lead and edits what they need', async () => {
    const update = vi.fn((input: object) => ({ ...detailA, ...input }));
    const { user, render } = setup(`/leads?lead=${LEAD_A}`, { 'leads.update': update as (input: unknown) => unknown });
    await render();
    const drawer = await screen.findByRole('dialog', { name: 'Lead details' });
    await user.click(await within(drawer).findByRole('combobox', { name: 'Assigned to' }));
    await user.click(await within(drawer).findByRole('option', { name: 'Unassigned' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ id: LEAD_A, assignedUserId: null }));
    expect(await within(drawer).findByRole('status')).toHaveTextContent(/^✓ Lead unassigned · saved /);

    const summary = within(drawer).getByLabelText('What they need');
    await user.clear(summary);
    await user.type(summary, 'Replace 40 gal water heater');
    await user.click(within(drawer).getByRole('button', { name: /^Save notes/ }));
    await waitFor(() => expect(update).toHaveBeenLastCalledWith({ id: LEAD_A, summary: 'Replace 40 gal water heater' }));
    expect(await within(drawer).findByRole('status')).toHaveTextContent(/^✓ Notes saved · saved /);
  });

  it('says the lead was not found for an unknown or foreign id', async () => {
    const { render } = setup(`/leads?lead=${LEAD_B}`, {
      'leads.get': () => {
        throw apiError('NOT_FOUND', 'Lead not found');
      },
    });
    await render();
    const drawer = await screen.findByRole('dialog', { name: 'Lead details' });
    expect(await within(drawer).findByRole('heading', { name: 'Lead not found' })).toBeInTheDocument();
  });
});
