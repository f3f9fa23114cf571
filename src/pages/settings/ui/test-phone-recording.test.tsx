import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiHandlers, createFakeApi, renderScreen } from '@/shared/lib/test';
import { PhoneTab } from './phone-tab';
import { SettingsLayout } from './settings-layout';

/** Issue 12 scope 6: the test phone's caller records the voicemail with the microphone when the browser allows it. */
const DEVICE_ID = '11111111-1111-4111-8111-111111111111';
const CALL_SID = 'SIMCA0123456789abcdef01234569';
const device = { id: DEVICE_ID, e164: '+13125550101', behavior: 'deliver' };
const PHONE = { number: { id: 'n1', e164: '+14155550142', provider: 'simulator' }, twilioConfigured: false, alertPhone: null, protectedNumbers: [] };
const AT_GREETING = { callId: 'c1', stage: 'greeting', greeting: 'Sorry we missed your call.', voicemailMaxSeconds: 30, missed: true, missedReason: 'forwarded', talkSeconds: null };

/** A stand-in for the browser's MediaRecorder: records "audio" chunks until stopped. */
class FakeMediaRecorder {
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  static last: FakeMediaRecorder | null = null;
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: MediaStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? '';
    FakeMediaRecorder.last = this;
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3])], { type: this.mimeType }) });
    this.onstop?.();
  }
}

const stopTrack = vi.fn();
const getUserMedia = vi.fn();
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  // The recorder's clock (elapsed time, the maximum length) is moved by the tests.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  window.localStorage.setItem('authToken', 'session-token-3');
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  getUserMedia.mockResolvedValue({ getTracks: () => [{ stop: stopTrack }] });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockResolvedValue(new Response(JSON.stringify({ id: 'rec-9', purpose: 'voicemail', contentType: 'audio/webm', sizeBytes: 7, seconds: 5, fileName: null, createdAt: 0 }), { status: 201 }));
  URL.createObjectURL = vi.fn(() => 'blob:my-voicemail');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  fetchMock.mockReset();
  getUserMedia.mockReset();
  stopTrack.mockReset();
});

async function atTheGreeting(handlers: ApiHandlers = {}) {
  const api = createFakeApi({
    'phone.get': () => PHONE,
    'phone.simulator.devices': () => [device],
    'phone.simulator.thread': () => [],
    'phone.simulator.placeCall': () => ({ callSid: CALL_SID, route: 'voicemail', ringsUntil: null }),
    'phone.simulator.callProgress': () => AT_GREETING,
    ...handlers,
  });
  await renderScreen(SettingsLayout, { path: '/settings/phone', children: { 'settings/phone': PhoneTab }, api });
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  const section = await screen.findByRole('region', { name: 'Call the business' });
  await user.click(within(section).getByRole('button', { name: 'Call' }));
  const form = await within(section).findByRole('form', { name: 'Leave a voicemail' });
  return { api, user, form };
}

describe('Test phone: a voicemail recorded with the microphone', () => {
  it('records, stops, plays back, and leaves it as the call’s recording (typed words optional)', async () => {
    const leaveVoicemail = vi.fn(() => ({ recordedAt: 0 }));
    const { user, form } = await atTheGreeting({ 'phone.simulator.leaveVoicemail': leaveVoicemail });

    await user.click(within(form).getByRole('button', { name: 'Record with your microphone' }));
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(await within(form).findByText(/Recording… 0:00 \(at most 0:30\)/)).toBeInTheDocument();
    expect(FakeMediaRecorder.last?.mimeType).toBe('audio/webm;codecs=opus');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(within(form).getByText(/Recording… 0:05/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Stop recording' }));

    expect(stopTrack).toHaveBeenCalled();
    expect(within(form).getByText('Your recorded voicemail · 0:05')).toBeInTheDocument();
    expect(within(form).getByLabelText('Your recorded voicemail', { selector: 'audio' })).toHaveAttribute('src', 'blob:my-voicemail');
    expect(within(form).getByLabelText(/What you said \(optional\)/)).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Leave voicemail' }));
    await waitFor(() => expect(leaveVoicemail).toHaveBeenCalledWith({ deviceId: DEVICE_ID, callSid: CALL_SID, recordingId: 'rec-9' }));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/recordings?purpose=voicemail&seconds=5');
    expect(init).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer session-token-3', 'Content-Type': 'audio/webm;codecs=opus' } });
  });

  it('stops by itself at the voicemail’s maximum length', async () => {
    const { user, form } = await atTheGreeting();
    await user.click(within(form).getByRole('button', { name: 'Record with your microphone' }));
    await within(form).findByText(/Recording…/);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(within(form).getByText('Your recorded voicemail · 0:30')).toBeInTheDocument();
    expect(FakeMediaRecorder.last?.state).toBe('inactive');
  });

  it('microphone not allowed: says so, and the typed voicemail still works', async () => {
    getUserMedia.mockRejectedValue(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    const leaveVoicemail = vi.fn(() => ({ recordedAt: 0 }));
    const { user, form } = await atTheGreeting({ 'phone.simulator.leaveVoicemail': leaveVoicemail });
    await user.click(within(form).getByRole('button', { name: 'Record with your microphone' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The microphone is not allowed for this page. Type your voicemail instead');
    await user.type(within(form).getByLabelText(/Your voicemail/), 'Gas smell in the basement');
    await user.click(within(form).getByRole('button', { name: 'Leave voicemail' }));
    await waitFor(() => expect(leaveVoicemail).toHaveBeenCalledWith({ deviceId: DEVICE_ID, callSid: CALL_SID, voicemail: 'Gas smell in the basement' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a browser that cannot record says so and offers no Record button', async () => {
    vi.stubGlobal('MediaRecorder', undefined);
    const { form } = await atTheGreeting();
    expect(within(form).getByTestId('microphone-unavailable')).toHaveTextContent('This browser cannot record audio here, so type what you would say instead.');
    expect(within(form).queryByRole('button', { name: 'Record with your microphone' })).toBeNull();
  });
});
