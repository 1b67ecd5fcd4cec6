/**
 * Date formatters kept per UI language and options: `toLocaleDateString(locale)` and
 * `new Intl.DateTimeFormat` build a formatter on every call, which a list of rows (the card
 * browser's dates, the review chart's 30 days) pays on every render.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${options ? JSON.stringify(options) : ''}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale || undefined, options)));
  return f;
}

/** As `new Date(ms).toLocaleDateString(locale)`. */
export const formatDay = (ms: number, locale: string): string => dateFormat(locale).format(ms);
