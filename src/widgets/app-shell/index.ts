export { AppShellLayout } from './ui/app-shell-layout';
export { activeNavItem, NAVIGATION, type NavGroup, type NavItem } from './model/navigation';
