export { TakeOverButton } from './ui/take-over-button';
export { TakeOverMenuItem } from './ui/take-over-menu-item';
