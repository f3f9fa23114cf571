import { describe, expect, it } from 'vitest';
import { authorLabel, deliveryLine } from './message-display';

describe('message labels', () => {
  const base = { direction: 'outbound' as const, problem: null, scheduledNote: null };
  it('names who wrote a text', () => {
    expect(authorLabel({ author: 'contact', authorName: null }, 'Jane')).toBe('Jane');
    expect(authorLabel({ author: 'user', authorName: 'Sam' }, 'Jane')).toBe('Sam');
    expect(authorLabel({ author: 'ai', authorName: null }, 'Jane')).toBe('AI assistant');
    expect(authorLabel({ author: 'system', authorName: null }, 'Jane')).toBe('Automatic reply');
    expect(authorLabel({ author: 'flow', authorName: null }, 'Jane')).toBe('Automation');
  });

  it('says where an outbound text is', () => {
    expect(deliveryLine({ ...base, status: 'queued' })).toEqual({ text: 'Queued', tone: 'dimmed' });
    expect(deliveryLine({ ...base, status: 'sending' })?.text).toBe('Sending');
    expect(deliveryLine({ ...base, status: 'sent' })?.text).toBe('Sent');
    expect(deliveryLine({ ...base, status: 'delivered' })?.text).toBe('Delivered');
    expect(deliveryLine({ ...base, status: 'failed' })).toEqual({ text: 'Failed', tone: 'red' });
    expect(deliveryLine({ ...base, status: 'blocked', problem: 'They opted out.' })).toEqual({ text: 'Not sent: They opted out.', tone: 'red' });
    expect(deliveryLine({ ...base, status: 'queued', problem: 'Carrier timeout' })).toEqual({ text: 'Queued · will retry: Carrier timeout', tone: 'orange' });
    expect(deliveryLine({ ...base, status: 'scheduled', scheduledNote: 'Scheduled for Sat, Nov 21, 9:00 AM PST (their time)' })?.text).toBe(
      'Scheduled for Sat, Nov 21, 9:00 AM PST (their time)',
    );
    expect(deliveryLine({ ...base, direction: 'inbound', status: 'received' })).toBeNull();
  });
});
