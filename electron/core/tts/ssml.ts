/** SSML for Edge read-aloud: escaping, rate formatting and the `<speak>` document. */

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/**
 * Characters XML 1.0 forbids (C0 controls other than tab/LF/CR, lone surrogates, U+FFFE/U+FFFF):
 * the service rejects the whole document for one of them, so they become spaces.
 */
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function stripInvalidXmlChars(text: string): string {
  return text.replace(INVALID_XML_CHARS, ' ');
}

/** The text exactly as it goes between the prosody tags. */
export function ssmlText(text: string): string {
  return escapeXml(stripInvalidXmlChars(text));
}

/** Speech rate as a whole percentage in -100..100; anything not a finite number is 0. */
export function clampRate(rate: unknown): number {
  if (typeof rate !== 'number' || !Number.isFinite(rate)) return 0;
  return Math.max(-100, Math.min(100, Math.round(rate)));
}

/** `+N%` / `-N%`: the service wants an explicit sign. */
export function formatRate(rate: number): string {
  const r = clampRate(rate);
  return `${r < 0 ? '-' : '+'}${Math.abs(r)}%`;
}

export interface SsmlOptions {
  voice: string;
  rate: number;
  lang?: string;
}

/** `text` is raw; it is escaped here. */
export function buildSsml(text: string, { voice, rate, lang = 'ja-JP' }: SsmlOptions): string {
  return (
    `<speak version='1.0' xmlns='http://www.w3.org/2001/10/synthesis' xml:lang='${escapeXml(lang)}'>` +
    `<voice name='${escapeXml(voice)}'>` +
    `<prosody pitch='+0Hz' rate='${formatRate(rate)}' volume='+0%'>` +
    ssmlText(text) +
    `</prosody></voice></speak>`
  );
}
