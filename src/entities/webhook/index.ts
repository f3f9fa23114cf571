export { invalidateWebhooks } from './api/webhooks';
