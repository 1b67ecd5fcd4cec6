/**
 * How the learner likes to read books: writing mode, type, spacing, margins,
 * the page's colours, furigana on headings and the immersive view. Kept in this
 * app's storage (the desktop app and each browser remember their own: a tablet
 * reading through browser mode may want other sizes than the desktop).
 */
export type WritingMode = 'horizontal' | 'vertical';
export const READER_FONTS = ['mincho', 'gothic', 'custom'] as const;
export type ReaderFont = (typeof READER_FONTS)[number];
/** `auto` follows the app's light or dark theme. */
export const READER_THEMES = ['auto', 'light', 'sepia', 'dark', 'black'] as const;
export type ReaderTheme = (typeof READER_THEMES)[number];

export interface BookLayout {
  mode: WritingMode;
  fontSize: number;
  lineHeight: number;
  font: ReaderFont;
  /** The family named when `font` is `custom`. */
  customFont: string;
  /** Space around the page, in pixels. */
  margin: number;
  theme: ReaderTheme;
  /** The analyzer's furigana over headings too (off: 一 is not read いち). */
  headingFurigana: boolean;
  /** The book alone on the window, the controls hidden until the pointer reaches an edge. */
  immersive: boolean;
}

export const LAYOUT_LIMITS = {
  fontSize: { min: 14, max: 40, step: 2 },
  lineHeight: { min: 1.5, max: 3, step: 0.1 },
  margin: { min: 8, max: 160, step: 8 },
} as const;

export const DEFAULT_LAYOUT: BookLayout = {
  mode: 'vertical',
  fontSize: 22,
  lineHeight: 1.9,
  font: 'mincho',
  customFont: '',
  margin: 32,
  theme: 'auto',
  headingFurigana: false,
  immersive: false,
};

export const LAYOUT_KEY = 'yomimono.books.layout';

const clamp = (v: unknown, lim: { min: number; max: number }, fallback: number) =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(lim.max, Math.max(lim.min, v)) : fallback;
const oneOf = <T extends string>(v: unknown, all: readonly T[], fallback: T): T => ((all as readonly unknown[]).includes(v) ? (v as T) : fallback);

/** A stored layout made whole and sane (an older version's, a hand-edited one). */
export function normalizeLayout(raw: unknown): BookLayout {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof BookLayout, unknown>>;
  const d = DEFAULT_LAYOUT;
  return {
    mode: oneOf(r.mode, ['horizontal', 'vertical'] as const, d.mode),
    fontSize: clamp(r.fontSize, LAYOUT_LIMITS.fontSize, d.fontSize),
    lineHeight: clamp(r.lineHeight, LAYOUT_LIMITS.lineHeight, d.lineHeight),
    font: oneOf(r.font, READER_FONTS, d.font),
    customFont: typeof r.customFont === 'string' ? r.customFont.slice(0, 100) : d.customFont,
    margin: clamp(r.margin, LAYOUT_LIMITS.margin, d.margin),
    theme: oneOf(r.theme, READER_THEMES, d.theme),
    headingFurigana: typeof r.headingFurigana === 'boolean' ? r.headingFurigana : d.headingFurigana,
    immersive: typeof r.immersive === 'boolean' ? r.immersive : d.immersive,
  };
}

export function loadLayout(storage?: Pick<Storage, 'getItem'>): BookLayout {
  try {
    // Inside the try: no storage at all (a test, a locked-down browser) is the defaults too.
    return normalizeLayout(JSON.parse((storage ?? localStorage).getItem(LAYOUT_KEY) ?? '{}'));
  } catch {
    return DEFAULT_LAYOUT;
  }
}

/** The system's Mincho and Gothic families, on macOS, Windows and Linux. */
const FAMILIES: Record<Exclude<ReaderFont, 'custom'>, string> = {
  mincho: "'Hiragino Mincho ProN', 'Yu Mincho', YuMincho, 'BIZ UDPMincho', 'Noto Serif CJK JP', 'Noto Serif JP', 'IPAexMincho', serif",
  gothic: "'Hiragino Kaku Gothic ProN', 'Hiragino Sans', 'Yu Gothic', YuGothic, 'BIZ UDPGothic', 'Noto Sans CJK JP', 'Noto Sans JP', 'IPAexGothic', sans-serif",
};

/** The CSS font-family of the layout: a family the learner named comes first, Mincho behind it. */
export function fontFamilyOf(layout: Pick<BookLayout, 'font' | 'customFont'>): string {
  if (layout.font !== 'custom') return FAMILIES[layout.font];
  const name = layout.customFont.replace(/["\\;{}]/g, '').trim();
  return name ? `"${name}", ${FAMILIES.mincho}` : FAMILIES.mincho;
}

/** The next theme a one-key toggle picks. */
export const nextTheme = (t: ReaderTheme): ReaderTheme => READER_THEMES[(READER_THEMES.indexOf(t) + 1) % READER_THEMES.length]!;
