export {
  isLeadSource,
  isLeadStatus,
  LEAD_SOURCE_LABELS,
  LEAD_SOURCES,
  LEAD_STATUS_COLORS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadSource,
  type LeadStatus,
} from './model/lead-labels';
export { LeadStatusBadge } from './ui/lead-status-badge';
