/**
 * Date formatters kept per UI language and options: `toLocaleDateString(locale)` and
 * `new Intl.DateTimeFormat` build a formatter on every call, which a list of rows (the card
 * browser's dates, the review chart's 30 days) pays on every render. The first formatter of a
 * language also loads its locale data (tens of milliseconds, more on a busy machine): the app
 * makes its formatters in an idle moment after it loads (`warmDateFormats`), so opening Review the
 * first time does not pay for it.
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

/** A calendar day (`Date.UTC` of it) as "Nov 3": the review chart's days. */
export const MONTH_DAY_UTC: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', timeZone: 'UTC' };

/** Makes the formatters the pages use for `locale` now (in idle time), so that no page's first render pays for it. */
export function warmDateFormats(locale: string): void {
  dateFormat(locale).format(0);
  dateFormat(locale, MONTH_DAY_UTC).format(0);
}
