import type { ThreadMessage } from '../model/thread-types';

export type LineTone = 'dimmed' | 'red' | 'orange' | 'blue';

/** Who wrote a text, as the thread labels it. */
export function authorLabel(message: Pick<ThreadMessage, 'author' | 'authorName'>, contactName: string): string {
  switch (message.author) {
    case 'contact':
      return message.authorName ?? contactName;
    case 'user':
      return message.authorName ?? 'Team';
    case 'ai':
      return 'AI assistant';
    case 'system':
      return 'Automatic reply';
    case 'flow':
      return 'Automation';
  }
}

/**
 * The line under an outbound text: where it is on its way to the phone, or why it never left. Inbound texts
 * have none.
 */
export function deliveryLine(message: Pick<ThreadMessage, 'direction' | 'status' | 'problem' | 'scheduledNote'>): { text: string; tone: LineTone } | null {
  if (message.direction !== 'outbound') return null;
  switch (message.status) {
    case 'scheduled':
      return { text: message.scheduledNote ?? 'Scheduled', tone: 'blue' };
    case 'queued':
      // A queued text with a problem is waiting for another attempt after a provider error.
      return message.problem ? { text: `Queued · will retry: ${message.problem}`, tone: 'orange' } : { text: 'Queued', tone: 'dimmed' };
    case 'sending':
      return { text: 'Sending', tone: 'dimmed' };
    case 'sent':
      return { text: 'Sent', tone: 'dimmed' };
    case 'delivered':
      return { text: 'Delivered', tone: 'dimmed' };
    case 'failed':
      return { text: message.problem ? `Failed: ${message.problem}` : 'Failed', tone: 'red' };
    case 'blocked':
      return { text: message.problem ? `Not sent: ${message.problem}` : 'Not sent', tone: 'red' };
    case 'received':
      return null;
  }
}
