export { BookAppointmentButton } from './ui/book-appointment-button';
export { BookAppointmentModal, type BookAppointmentModalProps } from './ui/book-appointment-modal';
