export { apiErrorCode, apiFieldErrors, apiRetryAfterSeconds } from './api-errors';
