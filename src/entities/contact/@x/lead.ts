/** What the lead entity may use of the clients: a saved lead shows on its client's page, so that page is refreshed. */
export { invalidateClients } from '../api/client.queries';
