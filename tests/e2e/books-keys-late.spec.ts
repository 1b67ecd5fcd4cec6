/**
 * Word mode in a book when the page's words are still on the way: Enter pressed
 * before the offline analyzer's tokens (`books.tokens`) arrive starts word mode
 * once they do; Escape pressed in between drops that start.
 */
import type { Page, Route } from '@playwright/test';
import { expect, screenshot, test, type ServeHandle } from './fixtures';
import { highlighted } from './support/bookHighlights';

test.describe.configure({ timeout: 120_000 });

const TEXT = `吾輩は猫である。名前はまだ無い。\n\n${Array.from({ length: 10 }, () => 'どこで生れたかとんと見当がつかぬ。').join('\n\n')}\n`;

/** Holds the renderer's `books.tokens` requests (browser mode calls `/rpc/<method>` over HTTP) until released. */
async function holdTokens(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route('**/rpc/books.tokens', (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    held: () => held.length,
    async release() {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

const cursorWords = (page: Page) => highlighted(page, 'book-cursor');

/** Opens a fresh book whose tokens are held back, its text shown and the book's view focused. */
async function openWithTokensHeld(app: ServeHandle, page: Page, name: string) {
  const book = await app.rpc<{ id: number; title: string }>('books.import', { name, dataBase64: Buffer.from(TEXT).toString('base64') });
  await app.rpc('settings.set', { uiLocale: 'en' });
  await page.addInitScript(() => localStorage.setItem('yomimono.books.layout', JSON.stringify({ mode: 'horizontal', fontSize: 22, lineHeight: 1.9 })));
  const tokens = await holdTokens(page);
  await page.goto(app.url);
  await page.getByTestId('nav-books').click();
  await page.getByTestId('book-card').filter({ hasText: book.title }).getByRole('button').first().click();
  const scroll = page.getByTestId('book-scroll');
  const first = scroll.locator('.book-paragraph').first();
  await expect(first).toContainText('吾輩は猫である');
  // The page asked for its words and is waiting for them: no readings yet.
  await expect.poll(tokens.held).toBeGreaterThan(0);
  await expect(first.locator('ruby:not(.author-ruby)')).toHaveCount(0);
  await scroll.focus();
  await expect(page.getByTestId('book-keys-hint')).toContainText('Enter: choose words with the keyboard');
  return { scroll, first, tokens };
}

test('Enter before the page has its words: word mode starts on the first word when they arrive', async ({ app, page }) => {
  const { scroll, first, tokens } = await openWithTokensHeld(app, page, 'late-words.txt');
  await page.keyboard.press('Enter');
  // Nothing to put the cursor on yet.
  await expect(scroll).not.toHaveAttribute('data-word-mode', 'true');
  expect(await cursorWords(page)).toEqual([]);

  await tokens.release();
  await expect(first.locator('ruby:not(.author-ruby)').first()).toBeVisible({ timeout: 30_000 });
  await expect(scroll).toHaveAttribute('data-word-mode', 'true');
  await expect.poll(() => cursorWords(page)).toEqual(['吾輩']);
  await expect(page.getByTestId('book-cursor-word')).toContainText('吾輩');
  await expect(scroll).toBeFocused();
  await screenshot(page, 'books-keys-late');
  // The arrows move the cursor that arrived with the words.
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => cursorWords(page)).toEqual(['は']);
});

test('Enter then Escape before the page has its words: word mode stays off when they arrive', async ({ app, page }) => {
  const { scroll, first, tokens } = await openWithTokensHeld(app, page, 'late-words-escaped.txt');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');

  await tokens.release();
  await expect(first.locator('ruby:not(.author-ruby)').first()).toBeVisible({ timeout: 30_000 });
  // The words are in the page (and the effect that makes a waiting move has run with them): still no word mode.
  await page.waitForTimeout(300);
  await expect(scroll).not.toHaveAttribute('data-word-mode', 'true');
  expect(await cursorWords(page)).toEqual([]);
  await expect(page.getByTestId('book-keys-hint')).toContainText('Enter: choose words with the keyboard');
  // Enter now, with the words there, starts word mode at once.
  await page.keyboard.press('Enter');
  await expect(scroll).toHaveAttribute('data-word-mode', 'true');
  await expect.poll(() => cursorWords(page)).toEqual(['吾輩']);
});
