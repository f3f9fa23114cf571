export { AlertPhonePanel } from './ui/alert-phone-panel';
export { BusinessNumberPanel } from './ui/business-number-panel';
export { type PhoneSettings } from './ui/phone-settings';
export { ProtectedNumbersPanel } from './ui/protected-numbers-panel';
export { TestPhonePanel } from './ui/test-phone-panel';
