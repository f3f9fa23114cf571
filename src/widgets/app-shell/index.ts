export { AppShellLayout } from './ui/app-shell-layout';
