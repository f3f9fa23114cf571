import { createApiClient } from '@/shared/api';

/** Spec section 6: the anonymous client sends no credentials and never logs anyone out. */
export const anonymousApi = createApiClient();
