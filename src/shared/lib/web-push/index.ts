export { browserPushSupport, deviceLabel, subscribeThisDevice, thisDeviceEndpoint, unsubscribeThisDevice, type PushSupport } from './web-push';
