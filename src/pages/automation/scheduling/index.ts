export { SchedulingPage } from './ui/scheduling-page';
