function startsWithPath(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The item with the longest path prefix of `pathname` (whole segments; trailing slashes ignored), so
 * /settings/phone/application picks '/settings/phone/application' over '/settings/phone'. Ties go to the first.
 */
export function longestPathPrefixMatch<T>(pathname: string, items: readonly T[], prefixesOf: (item: T) => readonly string[]): T | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: { item: T; length: number } | null = null;
  for (const item of items) {
    for (const prefix of prefixesOf(item)) {
      if (startsWithPath(path, prefix) && (!best || prefix.length > best.length)) best = { item, length: prefix.length };
    }
  }
  return best?.item ?? null;
}
