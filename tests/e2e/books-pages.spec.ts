/**
 * Whole-column pages: after page turns, a resize, a font-size change and in
 * word mode, no column (vertical) or line (horizontal) is ever cut by the page's
 * edge, so ruby stays with its base.
 */
import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';
import { cutLines } from './support/bookPages';

test.describe.configure({ timeout: 120_000 });

/** A chapter of paragraphs of different lengths with ruby, headings between them. */
function novel(): string {
  const lines = ['長い話', '作者', ''];
  for (let c = 1; c <= 3; c++) {
    lines.push(`［＃５字下げ］第${c}章［＃「第${c}章」は中見出し］`, '');
    for (let i = 0; i < 40; i++) {
      const n = 1 + ((i * 7 + c) % 5);
      lines.push(`\u3000${'吾輩《わがはい》は猫《ねこ》である。名前はまだ無い。どこで生《うま》れたかとんと見当《けんとう》がつかぬ。'.repeat(n)}`);
    }
  }
  return lines.join('\n');
}

async function openBook(page: Page, url: string, mode: 'vertical' | 'horizontal') {
  await page.addInitScript((m) => {
    if (!localStorage.getItem('yomimono.books.layout')) localStorage.setItem('yomimono.books.layout', JSON.stringify({ mode: m, fontSize: 22, lineHeight: 1.9 }));
  }, mode);
  await page.goto(url);
  await page.getByTestId('nav-books').click();
  await page.getByTestId('book-card').first().getByRole('button').first().click();
  await expect(page.getByTestId('book-scroll').locator('.book-paragraph').first()).toBeVisible();
}

/** Characters of the book's paragraphs inside the page in view. */
const textInView = (page: Page) =>
  page.getByTestId('book-scroll').evaluate((el) => {
    const view = el.getBoundingClientRect();
    let chars = 0;
    for (const p of el.querySelectorAll('.book-paragraph')) {
      const r = p.getBoundingClientRect();
      if (r.right > view.left && r.left < view.right && r.bottom > view.top && r.top < view.bottom) chars += p.textContent?.length ?? 0;
    }
    return chars;
  });

const offsetOf = (page: Page) => page.getByTestId('book-scroll').evaluate((el) => Math.abs(el.scrollLeft) + el.scrollTop);

for (const mode of ['vertical', 'horizontal'] as const) {
  test(`${mode} pages hold whole ${mode === 'vertical' ? 'columns' : 'lines'}: turning, resizing, a larger font, word mode`, async ({ app, page }) => {
    await app.rpc('books.import', { name: 'long.txt', dataBase64: Buffer.from(novel()).toString('base64') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await openBook(page, app.url, mode);
    const scroll = page.getByTestId('book-scroll');
    await expect(scroll.locator('ruby').first()).toBeVisible();
    const pageSize = Number(await scroll.getAttribute('data-page'));
    const line = Number(await scroll.getAttribute('data-line'));
    expect(pageSize % line).toBe(0);
    expect(await cutLines(scroll)).toEqual([]);

    // Two page turns: each exactly one page; the edge cuts nothing.
    await scroll.focus();
    for (const n of [1, 2]) {
      await page.keyboard.press('PageDown');
      await expect.poll(() => offsetOf(page)).toBe(n * pageSize);
      await expect.poll(() => cutLines(scroll)).toEqual([]);
    }
    if (mode === 'vertical') await screenshot(page, 'books-pages-vertical-two-turns');
    await page.keyboard.press('PageUp');
    await expect.poll(() => offsetOf(page)).toBe(pageSize);

    // A held key (presses a few ms apart, as a key repeats): every press is a page, none lost, and the pages it lands
    // on are drawn, whole, while the read-ahead refills behind them.
    for (let i = 0; i < 4; i++) await page.keyboard.press('PageDown');
    await expect.poll(() => offsetOf(page)).toBe(5 * pageSize);
    await expect.poll(() => cutLines(scroll)).toEqual([]);
    await expect.poll(() => textInView(page)).toBeGreaterThan(100);
    for (let i = 0; i < 4; i++) await page.keyboard.press('PageUp');
    await expect.poll(() => offsetOf(page)).toBe(pageSize);
    await expect.poll(() => textInView(page)).toBeGreaterThan(100);

    // A narrower window: the page is the whole lines that fit again.
    await page.setViewportSize({ width: 900, height: 640 });
    await expect.poll(async () => Number(await scroll.getAttribute('data-page'))).not.toBe(pageSize);
    await expect.poll(() => cutLines(scroll)).toEqual([]);
    await page.keyboard.press('PageDown');
    await expect.poll(() => cutLines(scroll)).toEqual([]);

    // A larger font: a new line pitch, the pages on it.
    await page.getByTestId('book-settings-toggle').click();
    await page.getByTestId('book-font-size-more').click();
    await page.getByTestId('book-font-size-more').click();
    await page.keyboard.press('Escape');
    await expect(scroll).toHaveAttribute('data-line', String(Math.round(26 * 1.9)));
    await expect.poll(() => cutLines(scroll)).toEqual([]);
    await scroll.focus();
    await page.keyboard.press('PageDown');
    await expect.poll(() => cutLines(scroll)).toEqual([]);

    // A free scroll (a wheel) comes to rest on a line.
    await scroll.hover();
    await page.mouse.wheel(mode === 'vertical' ? 0 : 0, 137);
    await page.waitForTimeout(400);
    await expect.poll(() => cutLines(scroll)).toEqual([]);

    // Word mode: moving line by line past the page's edge turns by whole lines.
    await scroll.focus();
    await page.keyboard.press('Enter');
    await expect(scroll).toHaveAttribute('data-word-mode', 'true');
    for (let i = 0; i < 30; i++) await page.keyboard.press(mode === 'vertical' ? 'ArrowLeft' : 'ArrowDown');
    await expect.poll(() => cutLines(scroll)).toEqual([]);
  });
}
