import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type ApiHandlers, createFakeApi, renderScreen } from '@/shared/lib/test';
import { PhoneTab } from './phone-tab';
import { SettingsLayout } from './settings-layout';

type Settings = {
  number: { id: string; e164: string; provider: 'simulator' | 'twilio' } | null;
  twilioConfigured: boolean;
  alertPhone: string | null;
  protectedNumbers: { id: string; e164: string; label: string | null }[];
};

const TEST_NUMBER = { id: 'n1', e164: '+14155550142', provider: 'simulator' as const };
const DEVICE_ID = '11111111-1111-4111-8111-111111111111';

function settings(overrides: Partial<Settings> = {}): Settings {
  return { number: null, twilioConfigured: false, alertPhone: null, protectedNumbers: [], ...overrides };
}

async function renderPhoneTab(handlers: ApiHandlers) {
  const api = createFakeApi({
    'phone.simulator.devices': () => [],
    'phone.simulator.thread': () => [],
    ...handlers,
  });
  const result = await renderScreen(SettingsLayout, { path: '/settings/phone', children: { 'settings/phone': PhoneTab }, api });
  return { ...result, api, user: userEvent.setup() };
}

afterEach(() => {
  notifications.clean();
  vi.useRealTimers();
});

describe('Settings → Phone: business number', () => {
  it('with no number, offers the test number, explains Twilio, and takes a test number', async () => {
    let current = settings();
    const useSimulator = vi.fn(() => {
      current = settings({ number: TEST_NUMBER });
      return { e164: TEST_NUMBER.e164, provider: 'simulator' };
    });
    const { user } = await renderPhoneTab({ 'phone.get': () => current, 'phone.useSimulator': useSimulator });

    expect(await screen.findByText(/Texts stay inside LeadLoop: perfect to try everything/)).toBeInTheDocument();
    // No Twilio: how to connect it, and no fake button.
    expect(screen.getByText('TWILIO_ACCOUNT_SID')).toBeInTheDocument();
    expect(screen.getByText('TWILIO_AUTH_TOKEN')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use a test number' }));
    await waitFor(() => expect(useSimulator).toHaveBeenCalledTimes(1));
    expect(await screen.findByTestId('business-number')).toHaveTextContent('(415) 555-0142');
    expect(screen.getByText('Test number (simulator)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Test phone' })).toBeInTheDocument();
    expect(await screen.findByText('Your business number is now (415) 555-0142')).toBeInTheDocument();
  });

  it('shows a Twilio number with its badge, and no test phone', async () => {
    await renderPhoneTab({ 'phone.get': () => settings({ number: { id: 'n2', e164: '+16475550199', provider: 'twilio' }, twilioConfigured: true }) });
    expect(await screen.findByTestId('business-number')).toHaveTextContent('(647) 555-0199');
    expect(screen.getByText('Twilio')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Test phone' })).not.toBeInTheDocument();
  });

  it('with Twilio, searches by area code and buys a number after a billing confirmation', async () => {
    let current = settings({ twilioConfigured: true });
    const search = vi.fn(() => [
      { e164: '+14155550177', locality: 'San Francisco', region: 'CA' },
      { e164: '+14155550178', locality: null, region: null },
    ]);
    const connect = vi.fn((input: unknown) => {
      current = settings({ twilioConfigured: true, number: { id: 'n3', e164: '+14155550177', provider: 'twilio' } });
      return { e164: (input as { e164: string }).e164, provider: 'twilio' };
    });
    const { user } = await renderPhoneTab({ 'phone.get': () => current, 'phone.searchNumbers': search, 'phone.connectNumber': connect });

    await user.click(await screen.findByRole('button', { name: 'Search' }));
    expect(screen.getByText('Enter a 3-digit area code')).toBeInTheDocument();
    expect(search).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Area code'), '415');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(search).toHaveBeenCalledWith({ country: 'US', areaCode: '415' }));
    expect(await screen.findByText('San Francisco, CA')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Buy (415) 555-0177' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy (415) 555-0177?' });
    expect(dialog).toHaveTextContent('Twilio will bill this number to your Twilio account');
    expect(connect).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Buy number' }));
    await waitFor(() => expect(connect).toHaveBeenCalledWith({ e164: '+14155550177', mode: 'buy' }));
    expect(await screen.findByTestId('business-number')).toHaveTextContent('(415) 555-0177');
  });

  it('connects a number already in Twilio, and shows the server’s message as it is', async () => {
    const connect = vi.fn(() => {
      throw apiError('CONFLICT', 'That number is already in use in LeadLoop.');
    });
    const { user } = await renderPhoneTab({ 'phone.get': () => settings({ twilioConfigured: true }), 'phone.connectNumber': connect });
    await user.type(await screen.findByLabelText('Your Twilio number'), '4155550123');
    await user.click(screen.getByRole('button', { name: 'Connect number' }));
    await waitFor(() => expect(connect).toHaveBeenCalledWith({ e164: '+14155550123', mode: 'existing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That number is already in use in LeadLoop.');
  });

  it('warns that new texts will use the new number before switching', async () => {
    const useSimulator = vi.fn(() => ({ e164: '+14155550142', provider: 'simulator' }));
    const { user } = await renderPhoneTab({
      'phone.get': () => settings({ number: { id: 'n2', e164: '+16475550199', provider: 'twilio' }, twilioConfigured: true }),
      'phone.useSimulator': useSimulator,
    });
    await user.click(await screen.findByRole('button', { name: 'Change number' }));
    expect(screen.getByRole('note')).toHaveTextContent('New texts will use the new number');
    expect(screen.getByRole('note')).toHaveTextContent('The old number stays in your Twilio account, and on its bill');
    await user.click(screen.getByRole('button', { name: 'Use a test number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to a test number?' });
    expect(dialog).toHaveTextContent('texts sent to (647) 555-0199 will no longer reach LeadLoop');
    expect(useSimulator).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Use a test number' }));
    await waitFor(() => expect(useSimulator).toHaveBeenCalledTimes(1));
  });
});

describe('Settings → Phone: alert and protected numbers', () => {
  it('offers the number given at sign-up as the alert number: one tap, then Save', async () => {
    let current = settings({ number: TEST_NUMBER });
    const setAlertPhone = vi.fn((input: unknown) => {
      const { phone } = input as { phone: string | null };
      current = { ...current, alertPhone: phone };
      return { alertPhone: phone };
    });
    const { user } = await renderPhoneTab({ 'phone.get': () => current, 'phone.setAlertPhone': setAlertPhone, 'company.get': () => ({ signupPhone: '+13125550100' }) });
    await user.click(await screen.findByRole('button', { name: 'Use your sign-up number, (312) 555-0100' }));
    expect(screen.getByLabelText('Alert number')).toHaveValue('(312) 555-0100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(setAlertPhone).toHaveBeenCalledWith({ phone: '+13125550100' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Use your sign-up number/ })).not.toBeInTheDocument());
  });

  it('saves and removes the owner alert number', async () => {
    let current = settings({ number: TEST_NUMBER });
    const setAlertPhone = vi.fn((input: unknown) => {
      const { phone } = input as { phone: string | null };
      current = { ...current, alertPhone: phone };
      return { alertPhone: phone };
    });
    const { user } = await renderPhoneTab({ 'phone.get': () => current, 'phone.setAlertPhone': setAlertPhone });

    expect(await screen.findByText(/gets a text when a new lead comes in/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'notification settings' })).toHaveAttribute('href', '/notifications');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Alert number'), '4155550100');
    await user.click(save);
    await waitFor(() => expect(setAlertPhone).toHaveBeenCalledWith({ phone: '+14155550100' }));
    expect(await screen.findByText('Alert number saved')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(setAlertPhone).toHaveBeenLastCalledWith({ phone: null }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument());
  });

  it('shows the server’s field error next to the alert number', async () => {
    const { user } = await renderPhoneTab({
      'phone.get': () => settings({ number: TEST_NUMBER }),
      'phone.setAlertPhone': () => {
        throw apiError('BAD_REQUEST', 'Invalid input: phone: Please enter a valid US or Canadian phone number.', {
          phone: ['That number cannot get texts.'],
        });
      },
    });
    await user.type(await screen.findByLabelText('Alert number'), '4155550100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That number cannot get texts.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('adds a protected number with a label, and removes one after confirming', async () => {
    let current = settings({ number: TEST_NUMBER, protectedNumbers: [{ id: 'p1', e164: '+14155550111', label: 'Supplier' }] });
    const addProtected = vi.fn((input: unknown) => {
      const { phone, label } = input as { phone: string; label: string | null };
      const row = { id: 'p2', e164: phone, label };
      current = { ...current, protectedNumbers: [...current.protectedNumbers, row] };
      return row;
    });
    const removeProtected = vi.fn((input: unknown) => {
      current = { ...current, protectedNumbers: current.protectedNumbers.filter((p) => p.id !== (input as { id: string }).id) };
      return input;
    });
    const { user } = await renderPhoneTab({ 'phone.get': () => current, 'phone.addProtected': addProtected, 'phone.removeProtected': removeProtected });

    const table = await screen.findByRole('table', { name: 'Protected numbers' });
    expect(within(table).getByText('(415) 555-0111')).toBeInTheDocument();
    expect(within(table).getByText('Supplier')).toBeInTheDocument();
    expect(screen.getByText(/never text these numbers/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Number to protect'), '4155550122');
    await user.type(screen.getByLabelText('Label (optional)'), 'My wife');
    await user.click(screen.getByRole('button', { name: 'Add number' }));
    await waitFor(() => expect(addProtected).toHaveBeenCalledWith({ phone: '+14155550122', label: 'My wife' }));
    expect(await within(table).findByText('(415) 555-0122')).toBeInTheDocument();
    expect(screen.getByLabelText('Number to protect')).toHaveValue('');

    await user.click(within(table).getByRole('button', { name: 'Remove (415) 555-0111' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove (415) 555-0111 from protected numbers?' });
    expect(removeProtected).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(removeProtected).toHaveBeenCalledWith({ id: 'p1' }));
    await waitFor(() => expect(within(table).queryByText('(415) 555-0111')).not.toBeInTheDocument());
  });
});

describe('Settings → Phone: test phone', () => {
  const device: { id: string; e164: string; behavior: string } = { id: DEVICE_ID, e164: '+13125550101', behavior: 'deliver' };
  const thread = [
    { id: 'm1', fromPhone: true, body: 'Hi, my AC is broken', media: [], status: 'received', problem: null, at: 1_700_000_000_000 },
    { id: 'm2', fromPhone: false, body: 'Thanks! What is your ZIP code?', media: [], status: 'delivered', problem: null, at: 1_700_000_060_000 },
    {
      id: 'm3',
      fromPhone: false,
      body: 'Are you still there?',
      media: [],
      status: 'failed',
      problem: 'This is a landline or a number that cannot receive texts.',
      at: 1_700_000_120_000,
    },
  ];

  it('shows the thread like a phone, with a failed text’s problem, and texts the business', async () => {
    const send = vi.fn(() => ({ sid: 'SIMIN1' }));
    const threadCalls = vi.fn(() => thread);
    const { user, api } = await renderPhoneTab({
      'phone.get': () => settings({ number: TEST_NUMBER }),
      'phone.simulator.devices': () => [device],
      'phone.simulator.thread': threadCalls,
      'phone.simulator.send': send,
    });

    expect(await screen.findByText(/Pretend to be a customer: text your business number/)).toBeInTheDocument();
    const log = await screen.findByRole('list', { name: 'Texts on this phone' });
    expect(await within(log).findByText('Hi, my AC is broken')).toBeInTheDocument();
    expect(within(log).getByText('Hi, my AC is broken').closest('li')).toHaveAttribute('data-from', 'phone');
    expect(within(log).getByText('Thanks! What is your ZIP code?').closest('li')).toHaveAttribute('data-from', 'business');
    expect(within(log).getByText('This is a landline or a number that cannot receive texts.')).toBeInTheDocument();
    expect(api.callsTo('phone.simulator.thread')[0]).toEqual({ deviceId: DEVICE_ID });

    await user.click(screen.getByRole('button', { name: 'Send text' }));
    expect(screen.getByText('Write a message or attach a photo link')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Text the business'), '90210');
    await user.type(screen.getByLabelText('Photo link (optional)'), 'https://example.com/ac.jpg');
    const before = threadCalls.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Send text' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ deviceId: DEVICE_ID, body: '90210', mediaUrls: ['https://example.com/ac.jpg'] }));
    await waitFor(() => expect(screen.getByLabelText('Text the business')).toHaveValue(''));
    await waitFor(() => expect(threadCalls.mock.calls.length).toBeGreaterThan(before));
  });

  it('calls the business from the test phone: it rings (the team may answer), then the greeting and a voicemail, then the outcome', async () => {
    // The test phone's progress is refetched by the live call event, and every 2 s as a fallback: this test moves that clock.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const poll = () => act(() => vi.advanceTimersByTimeAsync(2_100));
    const CALL_SID = 'SIMCA0123456789abcdef01234567';
    const placeCall = vi.fn(() => ({ callSid: CALL_SID, route: 'dial', ringsUntil: 1_700_000_020_000 }));
    const base = { callId: 'c1', greeting: null, voicemailMaxSeconds: null, missed: false, missedReason: null, talkSeconds: null };
    let progress: Record<string, unknown> = { ...base, stage: 'ringing' };
    const leaveVoicemail = vi.fn(() => {
      progress = { ...base, stage: 'leaving_voicemail', missed: true, missedReason: 'no_answer' };
      return { recordedAt: 1_700_000_040_000 };
    });
    const { user, api } = await renderPhoneTab({
      'phone.get': () => settings({ number: TEST_NUMBER }),
      'phone.simulator.devices': () => [device],
      'phone.simulator.placeCall': placeCall,
      'phone.simulator.callProgress': () => progress,
      'phone.simulator.leaveVoicemail': leaveVoicemail,
    });
    const section = await screen.findByRole('region', { name: 'Call the business' });
    await user.click(within(section).getByRole('button', { name: 'Call' }));
    await waitFor(() => expect(placeCall).toHaveBeenCalledWith({ deviceId: DEVICE_ID, live: true, aiAnswers: false }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Ringing… Your team sees the call in LeadLoop and can answer it');
    expect(within(section).getByRole('button', { name: 'Hang up' })).toBeInTheDocument();
    expect(api.callsTo('phone.simulator.callProgress')[0]).toEqual({ deviceId: DEVICE_ID, callSid: CALL_SID });

    // Nobody answered by the ring timeout (the server's job): the greeting plays as text, and the caller speaks.
    progress = { ...base, stage: 'greeting', missed: true, missedReason: 'no_answer', greeting: 'Sorry we missed your call. Leave a message.', voicemailMaxSeconds: 120 };
    await poll();
    expect(await within(section).findByLabelText('Greeting')).toHaveTextContent('Sorry we missed your call. Leave a message.');
    const form = within(section).getByRole('form', { name: 'Leave a voicemail' });
    await user.click(within(form).getByRole('button', { name: 'Leave voicemail' }));
    expect(await within(form).findByText('Say something for the voicemail, or hang up')).toBeInTheDocument();
    expect(leaveVoicemail).not.toHaveBeenCalled();
    await user.type(within(form).getByLabelText(/Your voicemail/), 'My water heater is leaking, please call back');
    await user.click(within(form).getByRole('button', { name: 'Leave voicemail' }));
    await waitFor(() => expect(leaveVoicemail).toHaveBeenCalledWith({ deviceId: DEVICE_ID, callSid: CALL_SID, voicemail: 'My water heater is leaking, please call back' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Leaving your voicemail…');

    progress = { ...base, stage: 'ended', missed: true, missedReason: 'no_answer' };
    await poll();
    expect(await within(section).findByText(/^Missed \(Nobody answered\)\. .+ the text-back arrives here/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Call' })).toBeInTheDocument();
    vi.useRealTimers();
  });

  it('a call the team answered in the app: on the call, then its outcome', async () => {
    const CALL_SID = 'SIMCA0123456789abcdef01234568';
    const base = { callId: 'c2', greeting: null, voicemailMaxSeconds: null, missed: false, missedReason: null };
    let progress: Record<string, unknown> = { ...base, stage: 'answered', talkSeconds: null };
    const hangUp = vi.fn(() => {
      progress = { ...base, stage: 'ended', talkSeconds: 31 };
      return { ended: true };
    });
    const { user } = await renderPhoneTab({
      'phone.get': () => settings({ number: TEST_NUMBER }),
      'phone.simulator.devices': () => [device],
      'phone.simulator.placeCall': () => ({ callSid: CALL_SID, route: 'dial', ringsUntil: 1_700_000_020_000 }),
      'phone.simulator.callProgress': () => progress,
      'phone.simulator.hangUp': hangUp,
    });
    const section = await screen.findByRole('region', { name: 'Call the business' });
    await user.click(within(section).getByRole('button', { name: 'Call' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Your team answered: you are on the call.');
    await user.click(within(section).getByRole('button', { name: 'Hang up' }));
    await waitFor(() => expect(hangUp).toHaveBeenCalledWith({ deviceId: DEVICE_ID, callSid: CALL_SID }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Your team answered · talked 0:31. Not a missed call: no text-back.');
  });

  it('with “The AI assistant answers”, the test phone plays Twilio’s side of ConversationRelay over the socket on the page’s origin, turn by turn, until the assistant ends the call', async () => {
    const sockets: FakeBrowserSocket[] = [];
    class FakeBrowserSocket {
      sent: Array<Record<string, unknown>> = [];
      closed = false;
      onopen: ((event: unknown) => void) | null = null;
      onmessage: ((event: { data: unknown }) => void) | null = null;
      onclose: ((event: unknown) => void) | null = null;
      onerror: ((event: unknown) => void) | null = null;
      constructor(readonly url: string) {
        sockets.push(this);
      }
      send(data: string) {
        this.sent.push(JSON.parse(data) as Record<string, unknown>);
      }
      close() {
        this.closed = true;
      }
      server(message: unknown) {
        act(() => this.onmessage?.({ data: JSON.stringify(message) }));
      }
    }
    vi.stubGlobal('WebSocket', FakeBrowserSocket);
    const CALL_SID = 'SIMCA0123456789abcdef0123456a';
    const RELAY = '/voice-agent/relay/6b1f0a52-0d6c-4f4e-9d55-6f8d1b1c2a3e?token=1700000120000.abcdefghijklmnopqrstuvwxyz';
    const base = { callId: 'c4', greeting: null, voicemailMaxSeconds: null, missed: false, missedReason: null, talkSeconds: null };
    let progress: Record<string, unknown> = { ...base, stage: 'assistant', assistant: { relayPath: null, status: 'live', endReason: null, transferTo: null, transferStatus: null, outcome: null, followUpStatus: 'pending' } };
    const placeCall = vi.fn(() => ({ callSid: CALL_SID, route: 'assistant', ringsUntil: null, relayPath: RELAY }));
    const aiSessionEnded = vi.fn(() => {
      progress = { ...base, stage: 'ended', talkSeconds: 48, assistant: { relayPath: null, status: 'ended', endReason: 'completed', transferTo: null, transferStatus: null, outcome: 'qualified', followUpStatus: 'queued' } };
      return { stage: 'ended', transferTo: null };
    });
    const { user } = await renderPhoneTab({
      'phone.get': () => settings({ number: TEST_NUMBER }),
      'phone.simulator.devices': () => [device],
      'phone.simulator.placeCall': placeCall,
      'phone.simulator.callProgress': () => progress,
      'phone.simulator.aiSessionEnded': aiSessionEnded,
      'voiceAgent.settings.get': () => ({ enabled: true, now: { answering: true, why: 'The assistant answers calls now' } }),
    });
    const section = await screen.findByRole('region', { name: 'Call the business' });
    await user.click(within(section).getByRole('checkbox', { name: 'The AI assistant answers' }));
    expect(await within(section).findByText('AI call answering is on: the assistant takes this call.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Call' }));
    await waitFor(() => expect(placeCall).toHaveBeenCalledWith({ deviceId: DEVICE_ID, live: true, aiAnswers: true }));

    const call = await within(section).findByRole('region', { name: 'Call with the assistant' });
    expect(within(call).getByRole('status')).toHaveTextContent('Connecting to the assistant…');
    const socket = sockets[0]!;
    expect(socket.url).toBe(`ws://${window.location.host}${RELAY}`);
    act(() => socket.onopen?.({}));
    expect(socket.sent).toEqual([expect.objectContaining({ type: 'setup', callSid: CALL_SID, from: device.e164, to: TEST_NUMBER.e164, direction: 'inbound' })]);
    expect(within(call).getByRole('status')).toHaveTextContent('The AI assistant answered.');

    socket.server({ type: 'text', token: 'Thanks for calling. ', last: false });
    socket.server({ type: 'text', token: 'What can we help you with?', last: true });
    const transcript = within(call).getByRole('list', { name: 'Call transcript' });
    expect(transcript).toHaveTextContent('Assistant: Thanks for calling. What can we help you with?');
    await user.type(within(call).getByLabelText('What you say'), 'My kitchen sink is clogged{Enter}');
    expect(socket.sent.at(-1)).toEqual({ type: 'prompt', voicePrompt: 'My kitchen sink is clogged', lang: 'en-US', last: true });
    expect(transcript).toHaveTextContent('You: My kitchen sink is clogged');
    expect(within(call).getByLabelText('What you say')).toHaveValue('');

    await user.click(within(call).getByRole('button', { name: 'Keypad' }));
    await user.click(within(call).getByRole('button', { name: 'Key 0' }));
    expect(socket.sent.at(-1)).toEqual({ type: 'dtmf', digit: '0' });

    socket.server({ type: 'text', token: 'Thanks, that’s everything. Goodbye!', last: true });
    socket.server({ type: 'end', handoffData: '{"reason":"completed"}' });
    await waitFor(() => expect(aiSessionEnded).toHaveBeenCalledWith({ deviceId: DEVICE_ID, callSid: CALL_SID, handoffData: '{"reason":"completed"}' }));
    expect(socket.closed).toBe(true);
    expect(await within(section).findByText(/^The AI assistant answered · talked 0:48 · Qualified\. Not a missed call: its follow-up text arrives here/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Call' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('leaving the test phone during the greeting hangs up (as putting a phone down does), so the text-back goes at once', async () => {
    const CALL_SID = 'SIMCA0123456789abcdef01234569';
    const progress = { callId: 'c3', stage: 'greeting', greeting: 'Sorry we missed you. Leave a message.', voicemailMaxSeconds: 120, missed: true, missedReason: 'no_answer', talkSeconds: null };
    const hangUp = vi.fn(() => ({ ended: true }));
    const { user, unmount } = await renderPhoneTab({
      'phone.get': () => settings({ number: TEST_NUMBER }),
      'phone.simulator.devices': () => [device],
      'phone.simulator.placeCall': () => ({ callSid: CALL_SID, route: 'voicemail', ringsUntil: null }),
      'phone.simulator.callProgress': () => progress,
      'phone.simulator.hangUp': hangUp,
    });
    const section = await screen.findByRole('region', { name: 'Call the business' });
    await user.click(within(section).getByRole('button', { name: 'Call' }));
    expect(await within(section).findByText(/Sorry we missed you/)).toBeInTheDocument();
    expect(hangUp).not.toHaveBeenCalled();
    unmount();
    await waitFor(() => expect(hangUp).toHaveBeenCalledWith({ deviceId: DEVICE_ID, callSid: CALL_SID }));
  });

  it('shows why the test phone cannot text, as the server says it', async () => {
    const { user } = await renderPhoneTab({
      'phone.get': () => settings({ number: TEST_NUMBER }),
      'phone.simulator.devices': () => [device],
      'phone.simulator.send': () => {
        throw apiError('PRECONDITION_FAILED', 'The test phone texts your built-in test number. Choose "Use the test number" first.');
      },
    });
    await user.type(await screen.findByLabelText('Text the business'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send text' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The test phone texts your built-in test number.');
  });

  it('changes the carrier behavior, adds and removes test phones', async () => {
    let devices = [device];
    const setBehavior = vi.fn((input: unknown) => {
      const { behavior } = input as { behavior: string };
      devices = devices.map((d) => ({ ...d, behavior }));
      return input;
    });
    const addDevice = vi.fn(() => {
      const added = { id: '22222222-2222-4222-8222-222222222222', e164: '+13125550155', behavior: 'deliver' };
      devices = [...devices, added];
      return added;
    });
    const removeDevice = vi.fn((input: unknown) => {
      devices = devices.filter((d) => d.id !== (input as { id: string }).id);
      return input;
    });
    const { user, api } = await renderPhoneTab({
      'phone.get': () => settings({ number: TEST_NUMBER }),
      'phone.simulator.devices': () => devices,
      'phone.simulator.setBehavior': setBehavior,
      'phone.simulator.addDevice': addDevice,
      'phone.simulator.removeDevice': removeDevice,
    });

    await user.click(await screen.findByRole('combobox', { name: 'Carrier behavior' }));
    await user.click(await screen.findByRole('option', { name: 'Landline' }));
    await waitFor(() => expect(setBehavior).toHaveBeenCalledWith({ id: DEVICE_ID, behavior: 'landline' }));
    // The handset list says how the carrier now treats it.
    expect(await screen.findByText('Landline', { selector: '.mantine-Radio-description' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a test phone' }));
    await waitFor(() => expect(addDevice).toHaveBeenCalledWith({ phone: null }));
    // The new phone becomes the active one.
    expect(await screen.findByRole('radio', { name: 'Test customer 2 · (312) 555-0155' })).toBeChecked();
    await waitFor(() => expect(api.callsTo('phone.simulator.thread')).toContainEqual({ deviceId: '22222222-2222-4222-8222-222222222222' }));

    await user.click(screen.getByRole('radio', { name: /\(312\) 555-0101/ }));
    await user.click(screen.getByRole('button', { name: 'Remove this test phone' }));
    await waitFor(() => expect(removeDevice).toHaveBeenCalledWith({ id: DEVICE_ID }));
    await waitFor(() => expect(screen.queryByRole('radio', { name: /\(312\) 555-0101/ })).not.toBeInTheDocument());
  });
});
