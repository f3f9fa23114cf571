export { EmailGatewayPage } from './ui/email-gateway-page';
