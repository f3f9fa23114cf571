export { invalidateLeadList, invalidateLeads, leadKeys, setCachedLead } from './api/lead.queries';
export { type LeadChanges, useUpdateLead } from './api/use-update-lead';
export { LEAD_SOURCE_OPTIONS, LEAD_STATUS_COLORS, LEAD_STATUS_OPTIONS } from './model/lead-status';
export type { LeadDetail, LeadListInput, LeadListItem } from './model/types';
export { LeadStatusBadge } from './ui/lead-status-badge';
