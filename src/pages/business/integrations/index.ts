export { IntegrationsPage } from './ui/integrations-page';
