export { MoveTestTimeForward } from './ui/move-test-time';
