/** Keys whose values QA must never see in the panel: the verification code typed and the auth token. */
const SECRET_KEYS = new Set(['code', 'authtoken', 'token']);
export const MASK = '•••••• (hidden)';

/**
 * A copy safe to show: secret fields masked, errors reduced to name and message, functions and actor references
 * left out, depth-limited. The panel keeps only masked copies, never the events themselves.
 */
export function masked(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') return undefined;
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (depth > 6) return '…';
  if (Array.isArray(value)) return value.map((item) => masked(item, depth + 1));
  if (typeof value === 'object') {
    if ('sessionId' in value && 'send' in value) return `(actor ${(value as { id?: string }).id ?? ''})`;
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (SECRET_KEYS.has(key.toLowerCase()) && item !== null && item !== undefined && item !== '') copy[key] = MASK;
      else {
        const safe = masked(item, depth + 1);
        if (safe !== undefined) copy[key] = safe;
      }
    }
    return copy;
  }
  return undefined;
}
