import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: the shape of every bearer token we hand out. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** A 6-digit code from the CSPRNG, leading zeros kept. */
export function generateNumericCode(digits = 6): string {
  return randomInt(0, 10 ** digits)
    .toString()
    .padStart(digits, '0');
}

export function generateSalt(): string {
  return randomBytes(16).toString('hex');
}

export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** HMAC-SHA256 of `data` under `key`, base64url: the signature of a signed URL. */
export function hmacSha256(key: Buffer | string, data: string): string {
  return createHmac('sha256', key).update(data, 'utf8').digest('base64url');
}

/** Constant-time comparison of two strings (signatures, tokens); unequal lengths are simply unequal. */
export function safeEqualText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
