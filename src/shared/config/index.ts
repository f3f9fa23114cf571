export { type ClientConfig, config, links, parseClientConfig } from './env';
export { type FeatureName, FEATURES } from './features';
