export { dateTimeFormat } from './intl';
export { formatDateTime, formatMoney, formatPhone, formatRelative, type RelativeOptions } from './format';
export { useNow } from './use-now';
export { calendarDate, clockTime, dayLabel, fullDateTime, listTime, localTimeIn, sameDay } from './calendar';
export { previewMergeTags, SAMPLE_VISITOR } from './merge-preview';
