/** Background work an owner can see (the dead-letter list in /logs), in their words. Unknown kinds read "Background task". */
export const JOB_KIND_WORDS: Readonly<Record<string, string>> = {
  'email.send': 'Email',
  'sms.deliver': 'Text to a client',
  'sms.inbound': 'Incoming text or delivery report',
  notify: 'Team notification',
  'alert.sms': 'Alert text to your phone',
  'events.dispatch': 'Live update',
  'flows.step': 'Automation step (follow-ups)',
  'flows.no_reply': 'Follow-up check after an unanswered text',
};

export function jobKindWords(queue: string): string {
  return JOB_KIND_WORDS[queue] ?? 'Background task';
}
