export { ClientDetailsPage } from './ui/client-details-page';
export { ClientsPage } from './ui/clients-page';
