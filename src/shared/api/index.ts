export { apiErrorCode, apiFieldErrors, apiRetryAfterSeconds } from './errors';
export { createApiClient, type ApiClient, type ApiClientOptions, type AppRouter } from './trpc-client';
