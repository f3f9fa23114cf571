export { AddressTab, CompanyTab } from './ui/company-tabs';
export { AiTab, ApiKeysTab, PhoneApplicationTab, PhoneTab, SubscriptionTab } from './ui/other-tabs';
export { SettingsLayout } from './ui/settings-layout';
