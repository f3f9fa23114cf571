import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/shared/lib/test';
import { MissedCallsLayout } from './missed-calls-layout';
import { missedCallsApi, SETTINGS } from './test-fixtures';
import { VoicemailTab } from './voicemail-tab';

// jsdom cannot decode audio: the length the browser would read from the file is given here.
const audioSeconds = vi.hoisted(() => vi.fn(async () => 6));
vi.mock('@/entities/call/lib/audio-seconds', () => ({ audioSeconds }));

const UPLOADED = { id: 'rec-1', purpose: 'greeting', contentType: 'audio/mpeg', sizeBytes: 2048, seconds: 6, fileName: 'hello.mp3', createdAt: 0 };
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  window.localStorage.setItem('authToken', 'session-token-1');
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:greeting');
  URL.revokeObjectURL = vi.fn();
  audioSeconds.mockClear();
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function renderVoicemail(handlers: Parameters<typeof missedCallsApi>[0] = {}) {
  const api = missedCallsApi({ 'missedCalls.settings.update': (input) => ({ ...SETTINGS, ...(input as object) }), ...handlers });
  return renderScreen(MissedCallsLayout, { path: '/missed-calls/voicemail', children: { 'missed-calls/voicemail': VoicemailTab }, api }).then(() => api);
}
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const mp3 = (name = 'hello.mp3', type = 'audio/mpeg') => new File([new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, 0, 0])], name, { type });

describe('Missed calls → Voicemail: an uploaded greeting', () => {
  it('choosing a recording needs one: Save is refused until a file is uploaded', async () => {
    const api = await renderVoicemail();
    const form = await screen.findByRole('form', { name: 'Voicemail' });
    expect(within(form).getByRole('radio', { name: /Your greeting text, read out/ })).toBeChecked();
    await userEvent.click(within(form).getByRole('radio', { name: /A recording you upload/ }));
    expect(await within(form).findByText('No recording uploaded yet.')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save voicemail settings' }));
    expect(await within(form).findByText('Upload a greeting recording first, or have your text read out.')).toBeInTheDocument();
    expect(api.callsTo('missedCalls.settings.update')).toHaveLength(0);
  });

  it('uploads the file with the session, its type, length and name; plays it back; Save makes callers hear it', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/recordings?')) return new Response(JSON.stringify(UPLOADED), { status: 201, headers: { 'content-type': 'application/json' } });
      if (url === '/api/recordings/rec-1') return new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { 'content-type': 'audio/mpeg' } });
      return new Response('{}', { status: 404 });
    });
    const api = await renderVoicemail();
    const form = await screen.findByRole('form', { name: 'Voicemail' });
    await userEvent.click(within(form).getByRole('radio', { name: /A recording you upload/ }));
    await userEvent.upload(fileInput(), mp3());

    expect(await within(form).findByTestId('greeting-recording')).toHaveTextContent('hello.mp3 · 0:06 · 2 KB');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/recordings?purpose=greeting&seconds=6&name=hello.mp3');
    expect(init).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer session-token-1', 'Content-Type': 'audio/mpeg' } });
    expect((init!.body as File).name).toBe('hello.mp3');

    await userEvent.click(within(form).getByRole('button', { name: 'Play greeting' }));
    const player = await within(form).findByLabelText('Play greeting', { selector: 'audio' });
    expect(player).toHaveAttribute('src', 'blob:greeting');
    expect(fetchMock.mock.calls[1]).toEqual(['/api/recordings/rec-1', { headers: { Authorization: 'Bearer session-token-1' } }]);

    await userEvent.click(within(form).getByRole('button', { name: 'Save voicemail settings' }));
    await waitFor(() => expect(api.callsTo('missedCalls.settings.update')).toHaveLength(1));
    expect(api.callsTo('missedCalls.settings.update')[0]).toMatchObject({ greetingSource: 'recording' });
  });

  it('says why a file is refused: not audio (before sending), or the server’s reason', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ error: 'This file is not an MP3 audio file: upload an audio file (WebM, Ogg, MP3, WAV or M4A) of at most 5 MB.', field: 'file' }), { status: 400 }));
    await renderVoicemail();
    const form = await screen.findByRole('form', { name: 'Voicemail' });
    await userEvent.click(within(form).getByRole('radio', { name: /A recording you upload/ }));

    await userEvent.upload(fileInput(), new File(['hello'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(await within(form).findByRole('alert')).toHaveTextContent('“notes.txt” is not a recording we can play to callers');
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.upload(fileInput(), mp3('fake.mp3'));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This file is not an MP3 audio file');
    expect(within(form).queryByTestId('greeting-recording')).toBeNull();
  });

  it('removes the uploaded greeting: the text is read out again', async () => {
    let greeting: typeof UPLOADED | null = UPLOADED;
    const api = await renderVoicemail({
      'missedCalls.settings.get': () => ({ ...SETTINGS, greetingSource: greeting ? 'recording' : 'say' }),
      'recordings.greeting': () => greeting,
      'recordings.removeGreeting': () => {
        greeting = null;
        return { removed: true };
      },
    });
    const form = await screen.findByRole('form', { name: 'Voicemail' });
    expect(within(form).getByRole('radio', { name: /A recording you upload/ })).toBeChecked();
    expect(await within(form).findByTestId('greeting-recording')).toHaveTextContent('hello.mp3');
    await userEvent.click(within(form).getByRole('button', { name: 'Remove recording' }));
    await waitFor(() => expect(within(form).getByRole('radio', { name: /Your greeting text, read out/ })).toBeChecked());
    expect(api.callsTo('recordings.removeGreeting')).toHaveLength(1);
    expect(within(form).queryByTestId('greeting-recording')).toBeNull();
    expect(screen.getByRole('status')).not.toHaveTextContent('unsaved');
  });
});
