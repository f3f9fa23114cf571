import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hmacSha256 } from './crypto';

/**
 * Secrets the app must read back (a flow webhook's signing secret: verifying a signature needs the secret itself,
 * so it cannot be hashed) are stored sealed with AES-256-GCM under one key that is never in the database: a copy
 * of the database alone reveals none of them. Each sealed value is `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The secret, or null when it was sealed under another key or tampered with. */
  open(sealed: string): string | null;
  /**
   * An HMAC-SHA256 (base64url) of `data` under a key derived from the secrets key for `purpose` (HKDF), for signed
   * URLs that any instance can check: e.g. the per-call WebSocket address of AI call answering.
   */
  mac(purpose: string, data: string): string;
}

const KEY_BYTES = 32;

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`A secrets key is ${KEY_BYTES} bytes`);
  const macKeys = new Map<string, Buffer>();
  const macKey = (purpose: string) => {
    let derived = macKeys.get(purpose);
    if (!derived) {
      derived = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `leadloop-mac:${purpose}`, KEY_BYTES));
      macKeys.set(purpose, derived);
    }
    return derived;
  };
  return {
    mac(purpose, data) {
      return hmacSha256(macKey(purpose), data);
    },
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** `SECRETS_KEY` as written in the environment: 32 bytes in base64 (`openssl rand -base64 32`) or 64 hex digits. */
export function parseSecretsKey(value: string): Buffer | null {
  const text = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  return key.length === KEY_BYTES ? key : null;
}

/**
 * Where the key comes from: `SECRETS_KEY` when set (every instance of a deployment sets the same one); with the
 * embedded database, a key file made once next to it (`<DATA_DIR>/secrets.key`, readable by its owner only), since
 * one process owns that folder; in tests a fixed key. With a PostgreSQL server and no `SECRETS_KEY` there is none:
 * instances on other machines could not share a file, so the features that need it say to set the variable.
 */
export function secretBoxFor(options: { secretsKey?: string | undefined; nodeEnv: string; embeddedDataDir: string | null }): SecretBox | null {
  if (options.secretsKey) {
    const key = parseSecretsKey(options.secretsKey);
    if (!key) throw new Error('SECRETS_KEY must be 32 bytes in base64 (openssl rand -base64 32) or 64 hex digits');
    return createSecretBox(key);
  }
  if (options.nodeEnv === 'test') return createSecretBox(TEST_KEY);
  if (options.embeddedDataDir === null) return null;
  mkdirSync(options.embeddedDataDir, { recursive: true });
  const path = join(options.embeddedDataDir, 'secrets.key');
  try {
    writeFileSync(path, randomBytes(KEY_BYTES).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = parseSecretsKey(readFileSync(path, 'utf8'));
  if (!key) throw new Error(`${path} does not hold a 32-byte key: remove it (secrets sealed under it are lost) or set SECRETS_KEY`);
  return createSecretBox(key);
}

/** Tests' key: known to everyone, so never used outside NODE_ENV=test. */
export const TEST_KEY = createHash('sha256').update('leadloop-test-secrets-key').digest();

/** Said when a secret is needed and there is no key (a PostgreSQL server without SECRETS_KEY). */
export const NO_SECRETS_KEY_MESSAGE = 'Set SECRETS_KEY (openssl rand -base64 32), the same on every instance, to store signing secrets.';
