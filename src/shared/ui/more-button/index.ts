export { MoreButton, type MorePages } from './more-button';
