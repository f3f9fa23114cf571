export { AddressTab, CompanyTab } from './ui/company-tabs';
export { AiTab } from './ui/ai-tab';
export { ApiKeysTab } from './ui/api-keys-tab';
export { PhoneApplicationTab, SubscriptionTab } from './ui/other-tabs';
export { PhoneTab } from './ui/phone-tab';
export { SettingsLayout } from './ui/settings-layout';
