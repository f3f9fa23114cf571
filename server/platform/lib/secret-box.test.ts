import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, parseSecretsKey, secretBoxFor } from './secret-box';

describe('the secret box', () => {
  it('opens what it sealed; refuses another key and a changed value; never holds the secret plain', () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.seal('whsec_abc123');
    expect(sealed).not.toContain('abc123');
    expect(box.open(sealed)).toBe('whsec_abc123');
    expect(box.seal('whsec_abc123')).not.toBe(sealed);
    expect(createSecretBox(randomBytes(32)).open(sealed)).toBeNull();
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(box.open([v, iv, tag, flipped.toString('base64url')].join('.'))).toBeNull();
    expect(box.open('plain text')).toBeNull();
  });

  it('signs with a key derived per purpose: the same on every instance with the same key, different across purposes and keys', () => {
    const key = randomBytes(32);
    const box = createSecretBox(key);
    const mac = box.mac('voice-agent-relay', 'call.1000');
    expect(mac).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createSecretBox(Buffer.from(key)).mac('voice-agent-relay', 'call.1000')).toBe(mac);
    expect(box.mac('another-purpose', 'call.1000')).not.toBe(mac);
    expect(box.mac('voice-agent-relay', 'call.1001')).not.toBe(mac);
    expect(createSecretBox(randomBytes(32)).mac('voice-agent-relay', 'call.1000')).not.toBe(mac);
  });

  it('reads SECRETS_KEY as base64 or hex; otherwise the embedded database keeps a key file, a PostgreSQL server has none', () => {
    const key = randomBytes(32);
    expect(parseSecretsKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretsKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretsKey('too short')).toBeNull();
    expect(() => secretBoxFor({ secretsKey: 'too short', nodeEnv: 'production', embeddedDataDir: null })).toThrow(/32 bytes/);
    expect(secretBoxFor({ secretsKey: undefined, nodeEnv: 'production', embeddedDataDir: null })).toBeNull();

    const dir = mkdtempSync(join(tmpdir(), 'secret-box-'));
    const first = secretBoxFor({ secretsKey: undefined, nodeEnv: 'production', embeddedDataDir: dir })!;
    const sealed = first.seal('kept across restarts');
    const file = join(dir, 'secrets.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseSecretsKey(readFileSync(file, 'utf8'))).not.toBeNull();
    const again = secretBoxFor({ secretsKey: undefined, nodeEnv: 'production', embeddedDataDir: dir })!;
    expect(again.open(sealed)).toBe('kept across restarts');
  });
});
