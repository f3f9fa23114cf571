import { Badge } from '@mantine/core';
import { MESSAGE_STATUS_WORDS, type MessageStatus } from '@contracts/message';
import { isTroubled } from '../model/message-display';
import { MESSAGE_STATUS_COLORS } from '../model/message-status';

/** A text's status as one badge everywhere: filled when it failed or was not sent. */
export function MessageStatusBadge({ status, size = 'sm' }: { status: MessageStatus; size?: 'xs' | 'sm' }) {
  return (
    <Badge size={size} variant={isTroubled(status) ? 'filled' : 'light'} color={MESSAGE_STATUS_COLORS[status]}>
      {MESSAGE_STATUS_WORDS[status]}
    </Badge>
  );
}
