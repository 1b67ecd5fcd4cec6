import type { Page } from '@playwright/test';

/** The text a CSS highlight of the book view marks (`book-word`: the panel's word; `book-cursor`: the keyboard's), readings left out. */
export function highlighted(page: Page, name: string) {
  return page.evaluate((n) => [...(CSS.highlights.get(n) ?? [])].map((r) => {
    const part = (r as Range).cloneContents();
    for (const rt of part.querySelectorAll('rt')) rt.remove();
    return part.textContent;
  }), name);
}
