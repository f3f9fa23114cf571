/**
 * TwiML (Twilio's call instructions), built from parts whose every text and attribute is XML-escaped: a business's
 * greeting or a caller's number can never change the document's structure.
 */

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    // Characters XML 1.0 cannot carry at all (control characters other than tab and line breaks).
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
}

type Attributes = Record<string, string | number | boolean | null | undefined>;

function element(name: string, attributes: Attributes, content?: string): string {
  const attrs = Object.entries(attributes)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
    .join('');
  return content === undefined ? `<${name}${attrs}/>` : `<${name}${attrs}>${content}</${name}>`;
}

export const twiml = {
  response: (...verbs: string[]) => `<?xml version="1.0" encoding="UTF-8"?><Response>${verbs.join('')}</Response>`,
  say: (text: string) => element('Say', {}, escapeXml(text)),
  /** Plays an audio file Twilio fetches from `url` (an uploaded greeting). */
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
