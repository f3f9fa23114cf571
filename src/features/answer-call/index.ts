export { IncomingCallCard } from './ui/incoming-call-card';
