export { NewLeadModal, type NewLeadModalProps } from './ui/new-lead-modal';
