export { AdvancedTab } from './ui/advanced-tab';
export { BasicTab } from './ui/basic-tab';
export { ContentTab } from './ui/content-tab';
export { DomainTab } from './ui/domain-tab';
export { MicrositesLayout } from './ui/microsites-layout';
