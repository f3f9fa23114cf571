/**
 * Types for `http_ece` (RFC 8188 content encoding), which the Web Push test uses to decrypt what the server sent to
 * its local push service. The package ships no types; only the one call the test makes is declared.
 */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptOptions {
    version: 'aes128gcm';
    privateKey: ECDH;
    authSecret: Buffer | string;
  }

  const ece: { decrypt(buffer: Buffer, options: DecryptOptions): Buffer };
  export default ece;
}
