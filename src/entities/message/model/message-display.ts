import { MESSAGE_AUTHOR_WORDS, MESSAGE_STATUS_WORDS, type MessageAuthor, type MessageDirection, type MessageStatus } from '@contracts/message';

export type LineTone = 'dimmed' | 'red' | 'orange' | 'blue';

/** Who wrote a text: the client's or team member's own name when known, otherwise the words from contracts. */
export function authorLabel(message: { author: MessageAuthor; authorName: string | null }, contactName: string): string {
  if (message.author === 'contact') return message.authorName ?? contactName;
  if (message.author === 'user') return message.authorName ?? MESSAGE_AUTHOR_WORDS.user;
  return MESSAGE_AUTHOR_WORDS[message.author];
}

/** A text that did not leave, or left and failed: shown in red on every screen. */
export const isTroubled = (status: MessageStatus): boolean => status === 'failed' || status === 'blocked';

/**
 * The line under an outbound text: where it is on its way to the phone, or why it never left. Inbound texts
 * have none.
 */
export function deliveryLine(message: {
  direction: MessageDirection;
  status: MessageStatus;
  problem: string | null;
  scheduledNote: string | null;
}): { text: string; tone: LineTone } | null {
  if (message.direction !== 'outbound') return null;
  const word = MESSAGE_STATUS_WORDS[message.status];
  switch (message.status) {
    case 'scheduled':
      return { text: message.scheduledNote ?? word, tone: 'blue' };
    case 'queued':
      // A queued text with a problem is waiting for another attempt after a provider error.
      return message.problem ? { text: `${word} · will retry: ${message.problem}`, tone: 'orange' } : { text: word, tone: 'dimmed' };
    case 'sending':
    case 'sent':
    case 'delivered':
      return { text: word, tone: 'dimmed' };
    case 'failed':
    case 'blocked':
      return { text: message.problem ? `${word}: ${message.problem}` : word, tone: 'red' };
    case 'received':
      return null;
  }
}
