/**
 * Intl formatters, one per locale and options: building one costs far more than using it, and lists format
 * several dates per row.
 */
function memoized<Options, Formatter>(create: (locale: string | undefined, options: Options) => Formatter) {
  const cache = new Map<string, Formatter>();
  return (locale: string | undefined, options: Options): Formatter => {
    const key = JSON.stringify([locale, options]);
    let formatter = cache.get(key);
    if (!formatter) {
      formatter = create(locale, options);
      cache.set(key, formatter);
    }
    return formatter;
  };
}

export const dateTimeFormat = memoized((locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options));

export const relativeTimeFormat = memoized((locale, options: Intl.RelativeTimeFormatOptions) => new Intl.RelativeTimeFormat(locale, options));
