import { describe, expect, it } from 'vitest';
import { parseXml } from '@server/platform/testing/xml';
import { conversationRelayTwiml, transferTwiml, twiml, xmlSafe } from './twiml';

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/**
 * The hand-written TwiML this module produced before the twilio library (kept here as the reference): every
 * document built with VoiceResponse must say the same thing.
 */
const before = (() => {
  const escapeXml = (value: string) =>
    value
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
  const element = (name: string, attributes: Record<string, string | number | boolean | null | undefined>, content?: string) => {
    const attrs = Object.entries(attributes)
      .filter(([, value]) => value !== null && value !== undefined)
      .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
      .join('');
    return content === undefined ? `<${name}${attrs}/>` : `<${name}${attrs}>${content}</${name}>`;
  };
  return {
    response: (...verbs: string[]) => `${DECLARATION}<Response>${verbs.join('')}</Response>`,
    say: (text: string) => element('Say', {}, escapeXml(text)),
    play: (url: string) => element('Play', {}, escapeXml(url)),
    dial: (attributes: { timeout: number; action: string; callerId: string | null }, number: string) =>
      element('Dial', { timeout: attributes.timeout, action: attributes.action, method: 'POST', callerId: attributes.callerId, answerOnBridge: true }, element('Number', {}, escapeXml(number))),
    record: (attributes: { maxLength: number; action: string; recordingStatusCallback: string; transcribe: boolean; transcribeCallback: string | null }) =>
      element('Record', {
        maxLength: attributes.maxLength,
        playBeep: true,
        timeout: 5,
        action: attributes.action,
        method: 'POST',
        recordingStatusCallback: attributes.recordingStatusCallback,
        recordingStatusCallbackMethod: 'POST',
        recordingStatusCallbackEvent: 'completed',
        transcribe: attributes.transcribe,
        transcribeCallback: attributes.transcribe ? attributes.transcribeCallback : null,
      }),
    hangup: () => '<Hangup/>',
    reject: () => element('Reject', { reason: 'rejected' }),
  };
})();

/** Texts a business or a caller could put in a document. */
const HOSTILE = [
  'Sorry we missed your call. Please leave your name after the tone.',
  'Tom & Jerry’s <Plumbing> "24/7" </Say><Dial>+19005550000</Dial>',
  "We're open 'til 5 — call O'Brien & Sons",
  'Tabs\tand\nnew lines\r\nkept',
  'Control \u0000\u0001\u0007\u001F characters and \uFFFE\uFFFF removed',
  'Emoji 🔧🚿 and accents: café, señor, 水道',
  ']]> <![CDATA[ not a section ]]>',
  '&amp; already escaped &lt;',
];
const VOICE = 'https://app.leadloop.test/webhooks/twilio/voice';

describe('the documents built with VoiceResponse say what the hand-written ones said', () => {
  it.each(HOSTILE)('the voicemail greeting, the recording and the hang-up: %j', (greeting) => {
    const record = { maxLength: 120, action: `${VOICE}/recorded`, recordingStatusCallback: `${VOICE}/recording`, transcribe: true, transcribeCallback: `${VOICE}/transcription` };
    const now = twiml.response(twiml.say(greeting), twiml.record(record), twiml.hangup());
    expect(now.startsWith(`${DECLARATION}<Response>`)).toBe(true);
    expect(parseXml(now)).toEqual(parseXml(before.response(before.say(greeting), before.record(record), before.hangup())));
  });

  it.each(HOSTILE)('a dial with a caller ID and a played greeting at an address: %j', (value) => {
    const dial = { timeout: 20, action: `${VOICE}/dial?x=${encodeURIComponent(value)}&y=1`, callerId: '+14155550001' };
    const url = `https://app.leadloop.test/api/greetings/1/sig?name=${value}&b=2`;
    const now = twiml.response(twiml.play(url), twiml.dial(dial, '+14155550123'));
    expect(parseXml(now)).toEqual(parseXml(before.response(before.play(url), before.dial(dial, '+14155550123'))));
  });

  it('the common documents are the same bytes as before', () => {
    const record = { maxLength: 60, action: `${VOICE}/recorded`, recordingStatusCallback: `${VOICE}/recording`, transcribe: false, transcribeCallback: `${VOICE}/transcription` };
    const cases: Array<[string, string]> = [
      [twiml.response(twiml.hangup()), before.response(before.hangup())],
      [twiml.response(twiml.reject()), before.response(before.reject())],
      [twiml.response(twiml.dial({ timeout: 35, action: `${VOICE}/dial`, callerId: null }, '+14155550123')), before.response(before.dial({ timeout: 35, action: `${VOICE}/dial`, callerId: null }, '+14155550123'))],
      [twiml.response(twiml.say('Sorry we missed your call.'), twiml.record(record), twiml.hangup()), before.response(before.say('Sorry we missed your call.'), before.record(record), before.hangup())],
    ];
    for (const [now, then] of cases) expect(now).toBe(then);
  });

  it('removes what XML 1.0 cannot carry, lone surrogates included, so every document stays well-formed', () => {
    expect(xmlSafe('a\u0000b\u0008c\u000Bd\u001Fe\uFFFEf\uD800g\uDC00h🔧\t\n')).toBe('abcdefgh🔧\t\n');
    expect(xmlSafe('one\r\ntwo\rthree')).toBe('one\ntwo\nthree');
    const document = twiml.response(twiml.say('Lone \uD83D surrogate'), twiml.dial({ timeout: 20, action: `${VOICE}/dial`, callerId: '+1415\u0000555' }, '+1415\uDC00555'));
    expect(parseXml(document).children).toEqual([
      { name: 'Say', attributes: {}, children: ['Lone  surrogate'] },
      {
        name: 'Dial',
        attributes: { action: `${VOICE}/dial`, answerOnBridge: 'true', callerId: '+1415555', method: 'POST', timeout: '20' },
        children: [{ name: 'Number', attributes: {}, children: ['+1415555'] }],
      },
    ]);
  });
});

describe('conversationRelayTwiml', () => {
  const RELAY = 'wss://app.leadloop.test/ws/calls/relay?call=c-1&token=abc.def';
  const ACTION = 'https://app.leadloop.test/webhooks/twilio/voice/relay-ended?call=c-1';

  it('hands the call to ConversationRelay with every attribute and the parameters for the setup message', () => {
    const document = conversationRelayTwiml({
      url: RELAY,
      action: ACTION,
      welcomeGreeting: 'Thanks for calling Acme Plumbing, how can I help?',
      welcomeGreetingInterruptible: 'speech',
      voice: 'en-US-Journey-O',
      language: 'en-US',
      interruptible: 'any',
      dtmfDetection: true,
      hints: ['Acme Plumbing', 'water heater'],
      parameters: { callId: 'c-1', companyId: 'co-9' },
    });
    expect(document).toBe(
      `${DECLARATION}<Response>` +
        `<Connect action="${ACTION.replace('&', '&amp;')}" method="POST">` +
        `<ConversationRelay url="${RELAY.replace('&', '&amp;')}" welcomeGreeting="Thanks for calling Acme Plumbing, how can I help?" welcomeGreetingInterruptible="speech" voice="en-US-Journey-O" language="en-US" interruptible="any" dtmfDetection="true" hints="Acme Plumbing,water heater">` +
        '<Parameter name="callId" value="c-1"/><Parameter name="companyId" value="co-9"/>' +
        '</ConversationRelay></Connect></Response>',
    );
  });

  it('leaves out what is not given (Twilio’s defaults apply) and says the disclosure first when asked', () => {
    const bare = parseXml(conversationRelayTwiml({ url: RELAY, action: ACTION }));
    expect(bare).toEqual({
      name: 'Response',
      attributes: {},
      children: [{ name: 'Connect', attributes: { action: ACTION, method: 'POST' }, children: [{ name: 'ConversationRelay', attributes: { url: RELAY }, children: [] }] }],
    });
    const disclosed = parseXml(conversationRelayTwiml({ url: RELAY, action: ACTION, sayFirst: 'This call is recorded.', welcomeGreeting: '', dtmfDetection: false, hints: [] }));
    expect(disclosed.children[0]).toEqual({ name: 'Say', attributes: {}, children: ['This call is recorded.'] });
    expect(disclosed.children[1]).toMatchObject({ name: 'Connect', children: [{ name: 'ConversationRelay', attributes: { url: RELAY, dtmfDetection: 'false' } }] });
  });

  it('a greeting or a parameter can never change the document’s structure', () => {
    const greeting = 'Hi" /><Hangup/><ConversationRelay url="wss://evil.test';
    const document = parseXml(conversationRelayTwiml({ url: RELAY, action: ACTION, welcomeGreeting: greeting, parameters: { 'caller"name': 'O\'Brien <&> \u0000"' } }));
    const relay = (document.children[0] as { children: Array<{ attributes: Record<string, string>; children: unknown[] }> }).children[0]!;
    expect(relay.attributes).toEqual({ url: RELAY, welcomeGreeting: greeting });
    expect(relay.children).toEqual([{ name: 'Parameter', attributes: { name: 'caller"name', value: 'O\'Brien <&> "' }, children: [] }]);
  });
});

describe('transferTwiml', () => {
  const ACTION = 'https://app.leadloop.test/webhooks/twilio/voice/transfer-ended?call=c-1';

  it('says it is connecting, then rings the on-call number with the caller’s ID; the action is the fallback', () => {
    const document = transferTwiml({ to: '+14155550123', callerId: '+14155550001', timeoutSeconds: 25, action: ACTION, say: 'Connecting you to our on-call technician now.' });
    expect(document).toBe(
      `${DECLARATION}<Response><Say>Connecting you to our on-call technician now.</Say>` +
        `<Dial timeout="25" action="${ACTION}" method="POST" callerId="+14155550001" answerOnBridge="true"><Number>+14155550123</Number></Dial></Response>`,
    );
  });

  it('without a caller ID or a message it is just the dial; a time limit caps the bridged call', () => {
    expect(parseXml(transferTwiml({ to: '+14155550123', callerId: null, timeoutSeconds: 20, action: ACTION, timeLimitSeconds: 1800 }))).toEqual({
      name: 'Response',
      attributes: {},
      children: [
        {
          name: 'Dial',
          attributes: { action: ACTION, answerOnBridge: 'true', method: 'POST', timeLimit: '1800', timeout: '20' },
          children: [{ name: 'Number', attributes: {}, children: ['+14155550123'] }],
        },
      ],
    });
  });
});
