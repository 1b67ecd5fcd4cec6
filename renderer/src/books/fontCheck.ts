/**
 * Whether a font family is installed: text set in it, with each generic family
 * behind it, measures differently from that generic family alone. (A missing
 * family falls through to the generic one; `document.fonts.check` says true for
 * any family that needs no download, installed or not.)
 */
export function fontInstalled(family: string): boolean {
  const name = family.replace(/["\\]/g, '').trim();
  if (!name || typeof document === 'undefined') return false;
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return true;
  const sample = '永あア漢字mmmwwwlli0O';
  return ['serif', 'sans-serif', 'monospace'].some((generic) => {
    ctx.font = `40px ${generic}`;
    const base = ctx.measureText(sample).width;
    ctx.font = `40px "${name}", ${generic}`;
    return ctx.measureText(sample).width !== base;
  });
}

interface LocalFont {
  family: string;
}

/** The installed families, where the browser lets the page list them (Chromium's Local Font Access; it may ask first). */
export async function installedFonts(): Promise<string[] | null> {
  const query = (window as unknown as { queryLocalFonts?: () => Promise<LocalFont[]> }).queryLocalFonts;
  if (!query) return null;
  try {
    const fonts = await query();
    return [...new Set(fonts.map((f) => f.family))].sort((a, b) => a.localeCompare(b));
  } catch {
    return null;
  }
}
