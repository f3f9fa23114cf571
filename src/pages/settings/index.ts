export { AddressTab, CompanyTab } from './ui/company-tabs';
export { AiTab, ApiKeysTab, PhoneApplicationTab, SubscriptionTab } from './ui/other-tabs';
export { PhoneTab } from './ui/phone-tab';
export { SettingsLayout } from './ui/settings-layout';
