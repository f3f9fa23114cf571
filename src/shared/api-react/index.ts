export { createQueryClient, TRPCProvider, useTRPC, useTRPCClient } from './api-react';
