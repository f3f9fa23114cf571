/**
 * API keys and the public REST API (issue 25, decision 0042): the scopes a key may carry, the words owners see for
 * them, and the shape of a key. The server enforces the scopes; Settings → API keys offers them.
 */

export const API_KEY_SCOPES = ['leads:read', 'leads:write', 'messages:send', 'webhooks:manage'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_WORDS = {
  'leads:read': 'Read leads, clients and conversations',
  'leads:write': 'Create leads and change their status',
  'messages:send': 'Send texts',
  'webhooks:manage': 'Manage webhook endpoints',
} as const satisfies Record<ApiKeyScope, string>;

export const isApiKeyScope = (value: string): value is ApiKeyScope => Object.hasOwn(API_KEY_SCOPE_WORDS, value);

/** Every key starts with this, then its visible prefix and the secret: `ll_live_<prefix>_<secret>`. */
export const API_KEY_MARK = 'll_live_';

/** Requests one key may make per minute by default (API_KEY_REQUESTS_PER_MINUTE; RateLimit-* headers, 429 past it). */
export const API_KEY_REQUESTS_PER_MINUTE = 120;

/** The most keys a company may have that are not revoked. */
export const MAX_ACTIVE_API_KEYS = 20;
