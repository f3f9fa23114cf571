export { LeadDetails } from './ui/lead-details';
