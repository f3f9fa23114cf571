import { describe, expect, it } from 'vitest';
import { createSecretBox, TEST_KEY } from '@server/platform/lib/secret-box';
import { randomBytes } from 'node:crypto';
import { checkRelayToken, relayToken, relayUrl } from './relay-token';

const box = createSecretBox(TEST_KEY);
const CALL = '6f1c2e0a-1b2c-4d3e-8f9a-0b1c2d3e4f50';
const OTHER = '7a2d3f1b-2c3d-4e4f-9a0b-1c2d3e4f5a61';

describe('the signed address of a call’s WebSocket', () => {
  it('holds for its call until it expires; altered, another call’s, another key’s or missing: refused', () => {
    const token = relayToken(box, CALL, 1_000_000);
    expect(checkRelayToken(box, CALL, token, 999_999)).toBe('ok');
    expect(checkRelayToken(box, CALL, token, 1_000_001)).toBe('expired');
    expect(checkRelayToken(box, OTHER, token, 0)).toBe('invalid');
    expect(checkRelayToken(box, CALL, token.replace(/^1000000/, '2000000'), 0)).toBe('invalid');
    expect(checkRelayToken(box, CALL, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, 0)).toBe('invalid');
    expect(checkRelayToken(createSecretBox(randomBytes(32)), CALL, token, 0)).toBe('invalid');
    expect(checkRelayToken(box, CALL, undefined, 0)).toBe('missing');
    expect(checkRelayToken(box, CALL, 'garbage', 0)).toBe('invalid');
  });

  it('is a wss:// address under PUBLIC_URL (ws:// for plain http)', () => {
    expect(relayUrl('https://app.example.com/', CALL, 'a.b')).toBe(`wss://app.example.com/voice-agent/relay/${CALL}?token=a.b`);
    expect(relayUrl('http://localhost:3000', CALL, 'a.b')).toBe(`ws://localhost:3000/voice-agent/relay/${CALL}?token=a.b`);
  });
});
