export { AddressTab, CompanyTab } from './ui/company-tabs';
export { AiTab } from './ui/ai-tab';
export { ApiKeysTab } from './ui/api-keys-tab';
export { SubscriptionTab } from './ui/subscription-tab';
export { PhoneApplicationTab } from './ui/texting-registration-tab';
export { PhoneTab } from './ui/phone-tab';
export { SettingsLayout } from './ui/settings-layout';
