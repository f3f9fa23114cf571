export { WebhookDeliveries } from './ui/webhook-deliveries';
