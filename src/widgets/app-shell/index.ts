export { AppShellLayout } from './ui/app-shell-layout';
export { ImpersonationBanner } from './ui/banners';
