export { type ClientConfig, config, links, parseClientConfig } from './env';
