export { invalidateDeadLetters, invalidateLogs, logKeys } from './api/message-log.queries';
export { safeWebUrl, splitLinks, type TextPart } from './lib/links';
export { authorLabel, deliveryLine, isTroubled, type LineTone } from './model/message-display';
export { MESSAGE_STATUS_COLORS, MESSAGE_STATUS_OPTIONS } from './model/message-status';
export { LinkedText } from './ui/linked-text';
export { MessageStatusBadge } from './ui/message-status-badge';
