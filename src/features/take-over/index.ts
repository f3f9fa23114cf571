export { TakeOverSwitch } from './ui/take-over-switch';
