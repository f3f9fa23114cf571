export { LogsPage } from './ui/logs-page';
