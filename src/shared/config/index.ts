export { type ClientConfig, config, links, parseClientConfig } from './env';
export { FEATURES } from './features';
