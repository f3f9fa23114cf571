export { ConfirmModal } from './confirm-modal';
