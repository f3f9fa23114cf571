export { LeadStatusMenu } from './ui/lead-status-menu';
export { LeadStatusSelect } from './ui/lead-status-select';
