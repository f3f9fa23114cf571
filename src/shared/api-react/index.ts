export { createQueryClient, TRPCProvider, useTRPC, useTRPCClient } from './api-react';
export { apiKeys } from './api-keys';
