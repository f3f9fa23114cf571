import { describe, expect, it } from 'vitest';
import { twilioCallRecorder } from './voice-agent.routes';

describe('the call recording started through Twilio', () => {
  it('creates a Recording on the call (the twilio package’s REST client) with its status callback', async () => {
    const requests: Array<{ method: string; uri: string; data: unknown }> = [];
    const httpClient = {
      request: async (options: { method: string; uri: string; data: unknown }) => {
        requests.push(options);
        return { statusCode: 201, body: JSON.stringify({ sid: 'RE1', call_sid: 'CA1' }), headers: {} };
      },
    };
    const recorder = twilioCallRecorder({ accountSid: `AC${'a'.repeat(32)}`, authToken: 'token', httpClient: httpClient as never });
    await recorder.start({ callSid: 'CA1', statusCallbackUrl: 'https://app.example.com/webhooks/twilio/voice-agent/recording' });
    expect(requests).toEqual([
      {
        method: 'post',
        uri: `https://api.twilio.com/2010-04-01/Accounts/AC${'a'.repeat(32)}/Calls/CA1/Recordings.json`,
        data: { RecordingStatusCallback: 'https://app.example.com/webhooks/twilio/voice-agent/recording', RecordingStatusCallbackMethod: 'POST', RecordingStatusCallbackEvent: ['completed'], RecordingChannels: 'dual' },
      },
    ].map((r) => expect.objectContaining(r)));
  });
});
