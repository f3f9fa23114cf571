export { RelativeTime, type RelativeTimeProps } from './relative-time';
