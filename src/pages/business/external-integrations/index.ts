export { ExternalIntegrationsPage } from './ui/external-integrations-page';
