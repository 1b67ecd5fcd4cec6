/**
 * Reading a book like in the best reader: Aozora gaiji shown as their
 * characters with their ruby, the immersive view with a floating word panel,
 * page colours, bookmarks, and progress that reaches 100 % at the end.
 */
import type { Page } from '@playwright/test';
import { encodeLegacy } from '../support/books/legacyEncoding';
import { expect, screenshot, test } from './fixtures';
import { expectAccessible } from './support/accessibility';
import { cutLines, firstParagraphInView } from './support/bookPages';
import { test as keyedTest } from './support/readingStack';

test.describe.configure({ timeout: 120_000 });

const AOZORA = [
  '河童',
  '芥川龍之介',
  '',
  '［＃５字下げ］一［＃「一」は中見出し］',
  '',
  '\u3000僕は※［＃「てへん＋丑」、第4水準2-12-93］《ね》じれた河童の手を見た。顳※［＃「需＋頁」、第3水準1-94-6］《こめかみ》に汗がにじむ。',
  '\u3000眼を※［＃「目＋匡」、66-上-2］った。吾輩は猫である。名前はまだ無い。',
  ...Array.from({ length: 60 }, (_, i) => `\u3000${i + 1}番目の段落。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。`),
  '',
  '底本：「芥川龍之介全集」',
].join('\r\n');

async function openFirstBook(page: Page, url: string, layout: Record<string, unknown> = {}) {
  await page.addInitScript((l) => {
    if (!localStorage.getItem('yomimono.books.layout')) localStorage.setItem('yomimono.books.layout', JSON.stringify({ mode: 'vertical', fontSize: 22, lineHeight: 1.9, ...l }));
  }, layout);
  await page.goto(url);
  await page.getByTestId('nav-books').click();
  await page.getByTestId('book-card').first().getByRole('button').first().click();
  await expect(page.getByTestId('book-scroll').locator('.book-paragraph').first()).toBeVisible();
}

const importAozora = (app: { rpc<T>(m: string, ...a: unknown[]): Promise<T> }) =>
  app.rpc<{ id: number }>('books.import', { name: 'kappa.txt', dataBase64: Buffer.from(encodeLegacy(AOZORA, 'shift_jis')).toString('base64') });

test('gaiji show as their characters with their ruby; one only described, as a small ※ with its description; no furigana on headings unless asked', async ({ app, page }) => {
  await importAozora(app);
  await app.rpc('settings.set', { uiLocale: 'en' });
  await openFirstBook(page, app.url);
  const scroll = page.getByTestId('book-scroll');
  const first = scroll.locator('.book-paragraph').first();
  await expect(first.locator('ruby.author-ruby', { hasText: '扭' }).locator('rt')).toHaveText('ね');
  await expect(first.locator('ruby.author-ruby', { hasText: '顳顬' }).locator('rt')).toHaveText('こめかみ');
  const described = scroll.locator('.book-gaiji').first();
  await expect(described).toHaveText('※');
  await expect(described).toHaveAttribute('title', '目＋匡');
  await expect(described).toHaveAccessibleName('A character the source could only describe: 目＋匡');
  // The analyzer's furigana has come for the text, but the heading 一 is not read いち.
  await expect(scroll.locator('.book-paragraph ruby:not(.author-ruby)').first()).toBeVisible({ timeout: 30_000 });
  const heading = scroll.locator('.book-heading').first();
  await expect(heading).toHaveText('一');
  await expect(heading.locator('ruby')).toHaveCount(0);
  await described.hover();
  await screenshot(page, 'books-gaiji');
  // Asked for, headings get furigana too.
  await page.getByTestId('book-settings-toggle').click();
  await page.getByTestId('book-heading-furigana').check();
  await expect(heading.locator('rt')).toHaveText('いち');
  await expectAccessible(page, 'book reader with the display settings open');
});

test('the immersive view: the book fills the window, the controls come back at an edge, the word panel floats away from its word', async ({ app, page }) => {
  await importAozora(app);
  await app.rpc('settings.set', { uiLocale: 'en' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await openFirstBook(page, app.url);
  const scroll = page.getByTestId('book-scroll');
  const reader = page.getByTestId('book-reader');
  const area = () => scroll.evaluate((el) => el.clientWidth * el.clientHeight);
  const before = await area();

  await scroll.focus();
  await page.keyboard.press('f');
  await expect(reader).toHaveAttribute('data-immersive', 'true');
  // The app's header and the bar are out of sight; the page is larger than the ordinary view's.
  await expect.poll(area).toBeGreaterThan(before * 1.15);
  const fills = await reader.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.left === 0 && r.top === 0 && r.width === innerWidth && r.height === innerHeight;
  });
  expect(fills).toBe(true);
  const bar = page.getByTestId('book-reader-bar');
  await expect(bar).toHaveCSS('opacity', '0');
  await page.mouse.move(640, 400);
  await page.mouse.move(640, 4);
  await expect(bar).toHaveCSS('opacity', '1');
  await page.mouse.move(640, 400);
  await expect(bar).toHaveCSS('opacity', '0');

  // A word opens its panel over the book: the page keeps its size and the word stays in sight.
  const pageSize = await scroll.getAttribute('data-page');
  await expect(scroll.locator('.book-paragraph ruby:not(.author-ruby)').first()).toBeVisible({ timeout: 30_000 });
  const word = scroll.locator('.book-paragraph').nth(1).locator('ruby', { hasText: '猫' });
  await word.click();
  const panel = page.getByTestId('book-panel-float');
  await expect(panel.getByTestId('detail-panel')).toHaveAttribute('data-kind', 'word');
  await expect(scroll).toHaveAttribute('data-page', pageSize!);
  const [w, p] = [await word.boundingBox(), await panel.boundingBox()];
  const overlap = w!.x < p!.x + p!.width && p!.x < w!.x + w!.width && w!.y < p!.y + p!.height && p!.y < w!.y + w!.height;
  expect(overlap, 'the panel covers the word it explains').toBe(false);
  await page.mouse.move(640, 400);
  await screenshot(page, 'books-immersive-panel');

  // Escape closes the panel, a second one leaves the immersive view.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await scroll.focus();
  await page.keyboard.press('Escape');
  await expect(reader).not.toHaveAttribute('data-immersive', 'true');

  // F11 in browser mode: the page's own full screen.
  await page.keyboard.press('F11');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await page.keyboard.press('F11');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(false);
});

test('page colours and the display are remembered; T turns to the next colour', async ({ app, page }) => {
  await importAozora(app);
  await app.rpc('settings.set', { uiLocale: 'en' });
  await openFirstBook(page, app.url);
  const reader = page.getByTestId('book-reader');
  await page.getByTestId('book-settings-toggle').click();
  await page.getByTestId('book-theme-dark').click();
  await page.getByTestId('book-font-gothic').click();
  await page.getByTestId('book-margin-more').click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('book-settings')).toHaveCount(0);
  await expect(reader).toHaveAttribute('data-reader-theme', 'dark');
  const frame = reader.locator('.book-frame');
  await expect(frame).toHaveCSS('background-color', 'rgb(35, 35, 42)');
  await expect(page.getByTestId('book-scroll')).toHaveCSS('font-family', /Gothic/);
  await screenshot(page, 'books-dark');
  await expectAccessible(page, 'book reader, dark page');

  await page.getByTestId('book-scroll').focus();
  await page.keyboard.press('t');
  await expect(reader).toHaveAttribute('data-reader-theme', 'black');
  await page.reload();
  await page.getByTestId('nav-books').click();
  await page.getByTestId('book-card').first().getByRole('button').first().click();
  await expect(page.getByTestId('book-reader')).toHaveAttribute('data-reader-theme', 'black');
  await expect(page.getByTestId('book-scroll')).toHaveCSS('font-family', /Gothic/);
});

test('bookmarks: added with B or the button, named, listed, gone to, deleted', async ({ app, page }) => {
  await importAozora(app);
  await app.rpc('settings.set', { uiLocale: 'en' });
  await openFirstBook(page, app.url, { mode: 'horizontal' });
  const scroll = page.getByTestId('book-scroll');
  await scroll.focus();
  await page.keyboard.press('PageDown');
  await page.waitForTimeout(600); // the place is saved after scrolling stops
  const firstInView = () => firstParagraphInView(scroll);
  const marked = await firstInView();
  await page.keyboard.press('b');
  await expect(page.getByTestId('book-notice')).toContainText('Bookmarked:');

  // Further on, a second one from the list's button.
  for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown');
  await page.waitForTimeout(600);
  await page.getByTestId('book-bookmarks-toggle').click();
  await page.getByTestId('book-bookmark-add').click();
  const rows = page.getByTestId('book-bookmark');
  await expect(rows).toHaveCount(2);
  // Named by the learner.
  await rows.first().getByTestId('book-bookmark-rename').click();
  await page.getByTestId('book-bookmark-name').fill('ここから');
  await page.keyboard.press('Enter');
  await expect(rows.first()).toContainText('ここから');
  await screenshot(page, 'books-bookmarks');
  await expectAccessible(page, 'book bookmarks');

  // Gone to: the page shows the place again.
  await rows.first().getByTestId('book-bookmark-jump').click();
  await expect(page.getByTestId('book-bookmarks')).toHaveCount(0);
  await expect.poll(firstInView).toBe(marked);
  // And deleted; the list is kept across a reload.
  await page.keyboard.press('m');
  await rows.nth(1).getByTestId('book-bookmark-delete').click();
  await expect(rows).toHaveCount(1);
  await page.reload();
  await page.getByTestId('nav-books').click();
  await page.getByTestId('book-card').first().getByRole('button').first().click();
  await page.getByTestId('book-bookmarks-toggle').click();
  await expect(page.getByTestId('book-bookmark')).toHaveCount(1);
  await expect(page.getByTestId('book-bookmark')).toContainText('ここから');
});

test('progress reaches 100 % at the end of the book, counting what is read and left; short words are found', async ({ app, page }) => {
  await importAozora(app);
  await app.rpc('books.import', { name: 'neko.txt', dataBase64: Buffer.from('吾輩は猫である。\n').toString('base64') });
  await app.rpc('settings.set', { uiLocale: 'en' });
  await openFirstBook(page, app.url, { mode: 'horizontal' });
  // The most recent first: the short one.
  const counts = page.getByTestId('book-counts');
  await expect(counts).toHaveText('100% · 8 of 8 characters read · 0 left');
  await page.getByTestId('book-back').click();
  const kappa = page.getByTestId('book-card').filter({ hasText: '河童' });
  await kappa.getByRole('button').first().click();
  await expect(counts).toContainText(/^0% · 0 of [\d,]+ characters read/);
  const scroll = page.getByTestId('book-scroll');
  await scroll.focus();
  // A quick hand: forty PageDowns in one task reach the end before its notice is laid out (the view stays a line short of
  // it), and the book is read all the same.
  await scroll.evaluate((el) => {
    for (let i = 0; i < 40; i++) el.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageDown', bubbles: true, cancelable: true }));
  });
  await expect(counts).toContainText(/^100% · ([\d,]+) of \1 characters read · 0 left$/);
  await expect(page.getByTestId('book-end')).toBeVisible();
  await page.waitForTimeout(600);
  await page.getByTestId('book-back').click();
  await expect(kappa.getByTestId('book-progress')).toHaveText('100% read');
  // One- and two-character words in the library's search.
  await page.getByTestId('books-search').fill('猫');
  await expect(page.getByTestId('book-card')).toHaveCount(2);
  await page.getByTestId('books-search').fill('河童');
  await expect(page.getByTestId('book-card')).toHaveCount(1);
  await expect(page.getByTestId('book-card')).toContainText('In the text:');
});

keyedTest('a paragraph translated at the page\'s edge comes into the page by whole lines, its text kept', async ({ stack, page }) => {
  const text = Array.from({ length: 40 }, (_, i) => `${i + 1}番目の段落です。吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。`).join('\n');
  await stack.server.rpc('books.import', { name: 'edge.txt', dataBase64: Buffer.from(text).toString('base64') });
  await stack.server.rpc('settings.set', { uiLocale: 'en' });
  await page.setViewportSize({ width: 1000, height: 700 });
  await page.addInitScript(() => localStorage.setItem('yomimono.books.layout', JSON.stringify({ mode: 'horizontal', fontSize: 22, lineHeight: 1.9 })));
  await page.goto(stack.server.url);
  await page.getByTestId('nav-books').click();
  await page.getByTestId('book-card').filter({ hasText: 'edge' }).getByRole('button').first().click();
  const scroll = page.getByTestId('book-scroll');
  await expect(scroll.locator('.book-paragraph').first()).toBeVisible();
  // The last paragraph that starts in the page: its translation would open below the page's edge.
  const last = await scroll.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const ps = [...el.querySelectorAll<HTMLElement>('.book-paragraph')].filter((p) => p.getBoundingClientRect().top >= box.top - 1 && p.getBoundingClientRect().top < box.bottom - 1);
    return ps.at(-1)!.dataset.paragraphId!;
  });
  const paragraph = scroll.locator(`[data-paragraph-id="${last}"]`);
  await paragraph.hover();
  await page.getByTestId('book-tools').getByTestId('book-translate').click();
  const translation = scroll.locator(`.book-translation[data-for="${last}"]`);
  await expect(translation).toContainText('EN:');
  await expect
    .poll(() =>
      scroll.evaluate((el, id) => {
        const box = el.getBoundingClientRect();
        const t = el.querySelector(`.book-translation[data-for="${id}"]`)!.getBoundingClientRect();
        return t.top >= box.top - 1 && t.bottom <= box.bottom + 1;
      }, last),
    )
    .toBe(true);
  await expect.poll(() => cutLines(scroll)).toEqual([]);
});
