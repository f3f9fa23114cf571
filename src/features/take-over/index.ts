export { TakeOverButton } from './ui/take-over-button';
