import type { SecretBox } from '@server/platform/lib/secret-box';
import { safeEqualText } from '@server/platform/lib/crypto';
import { MINUTE } from '@server/platform/lib/clock';

/**
 * The per-call WebSocket address of AI call answering (decision 0048): `<ws base>/voice-agent/relay/<call id>?token=
 * <expiry ms>.<signature>`, the signature an HMAC over the call id and the expiry under a key derived from the
 * server's secrets key (the same on every instance, never in the database). A URL whose token is missing, altered,
 * for another call or expired is refused before the upgrade; the call's status (waiting to connect) makes it single-use.
 */
export const RELAY_PATH = '/voice-agent/relay';
/** Twilio connects within seconds of our TwiML; the address stops working after this. */
export const RELAY_TOKEN_TTL_MS = 2 * MINUTE;
const PURPOSE = 'voice-agent-relay';

export function relayToken(secrets: Pick<SecretBox, 'mac'>, agentCallId: string, expiresAtMs: number): string {
  return `${expiresAtMs}.${secrets.mac(PURPOSE, `${agentCallId}.${expiresAtMs}`)}`;
}

export type RelayTokenCheck = 'ok' | 'missing' | 'invalid' | 'expired';

export function checkRelayToken(secrets: Pick<SecretBox, 'mac'>, agentCallId: string, token: string | undefined, nowMs: number): RelayTokenCheck {
  if (!token) return 'missing';
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!match) return 'invalid';
  const expiresAtMs = Number(match[1]);
  if (!safeEqualText(secrets.mac(PURPOSE, `${agentCallId}.${expiresAtMs}`), match[2]!)) return 'invalid';
  return nowMs > expiresAtMs ? 'expired' : 'ok';
}

/** PUBLIC_URL with its scheme made a WebSocket's (https → wss, http → ws). */
export function webSocketBase(publicUrl: string): string {
  return publicUrl.replace(/^http(s?):\/\//i, (_whole, secure: string) => `ws${secure}://`).replace(/\/+$/, '');
}

export function relayUrl(publicUrl: string, agentCallId: string, token: string): string {
  return `${webSocketBase(publicUrl)}${RELAY_PATH}/${agentCallId}?token=${encodeURIComponent(token)}`;
}
