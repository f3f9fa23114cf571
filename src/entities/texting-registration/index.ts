export {
  invalidateTextingRegistration,
  setCachedTextingRegistration,
  type TextingRegistrationSummary,
  type TextingRegistrationView,
  useTextingRegistration,
  useTextingRegistrationSummary,
} from './api/texting-registration.queries';
export { TextingRegistrationWarning } from './ui/registration-warning';
