export { createApiClient, type ApiClient, type ApiClientOptions, type AppRouter } from './trpc-client';
