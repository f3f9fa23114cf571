export { ERROR_FALLBACK_TEXT, ErrorFallback } from './error-fallback';
