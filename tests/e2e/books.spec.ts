/**
 * Books in browser mode: import by the file picker and by a drop on the window,
 * the library, reading in vertical and horizontal text, and reopening at the
 * saved place after a reload.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';
import { encodeLegacy } from '../support/books/legacyEncoding';
import { BOTCHAN_TXT, pandocEpubs } from '../support/books/pandocEpub';
import { expectAccessible } from './support/accessibility';
import { highlighted } from './support/bookHighlights';
import { firstParagraphInView } from './support/bookPages';
import { finishDrop } from './support/images';
import { test as keyedTest } from './support/readingStack';

test.describe.configure({ timeout: 120_000 });

const epub3 = () => Buffer.from(pandocEpubs().epub3);
const aozoraSjis = () => Buffer.from(encodeLegacy(fs.readFileSync(BOTCHAN_TXT, 'utf8'), 'shift_jis'));

/** Where the keyboard's word is on screen. */
function cursorBox(page: Page) {
  return page.evaluate(() => {
    const r = [...(CSS.highlights.get('book-cursor') ?? [])][0] as Range | undefined;
    const b = r?.getBoundingClientRect();
    return b ? { left: b.left, right: b.right, top: b.top, bottom: b.bottom } : null;
  });
}

async function openBooks(page: Page, url: string) {
  await page.goto(url);
  await page.getByTestId('nav-books').click();
  await expect(page.getByRole('heading', { name: /Books|书架|書架|책장/ })).toBeVisible();
}

test('imports by picker and by drop, reads in both directions, reopens at the same place', async ({ app, page }) => {
  // A window where the short first chapter takes more than a page (a book uses the window's width).
  await page.setViewportSize({ width: 900, height: 700 });
  // Start in vertical text; a reload keeps whatever the learner chose since.
  await page.addInitScript(() => {
    if (!localStorage.getItem('yomimono.books.layout')) localStorage.setItem('yomimono.books.layout', JSON.stringify({ mode: 'vertical', fontSize: 22, lineHeight: 1.9, }));
  });
  await openBooks(page, app.url);

  // The file picker: an EPUB 3 made by pandoc.
  await page.getByTestId('books-file').setInputFiles({ name: 'botchan.epub', mimeType: 'application/epub+zip', buffer: epub3() });
  await expect(page.getByTestId('books-imported')).toBeVisible();
  await expect(page.getByTestId('book-card')).toHaveCount(1);

  // A drop on the window: Aozora text in Shift_JIS goes to the library, not to OCR.
  await finishDrop(page, 'body', { name: 'botchan.txt', type: 'text/plain', base64: aozoraSjis().toString('base64') });
  await expect(page.getByTestId('book-card')).toHaveCount(2);
  await expect(page.getByTestId('ocr-panel')).toHaveCount(0);

  // A file that is no book: a clear message, the library unchanged.
  await page.getByTestId('books-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]) });
  await expect(page.getByTestId('books-import-error')).toBeVisible();
  await expect(page.getByTestId('book-card')).toHaveCount(2);
  await expect(page.getByTestId('book-cover-image')).toHaveCount(1); // the EPUB's own cover; the text gets a drawn one
  await screenshot(page, 'books-library');
  await expectAccessible(page, 'books library');

  // Search by author and by text.
  await page.getByTestId('books-search').fill('無鉄砲で小供');
  await expect(page.getByTestId('book-card')).toHaveCount(2);
  await page.getByTestId('books-search').fill('存在しない');
  await expect(page.getByTestId('book-card')).toHaveCount(0);
  await page.getByTestId('books-search').fill('');
  await expect(page.getByTestId('book-card')).toHaveCount(2);

  // Read the Aozora book (most recent first) in vertical text.
  await page.getByTestId('book-card').first().getByRole('button').first().click();
  const scroll = page.getByTestId('book-scroll');
  await expect(page.getByTestId('book-reader')).toHaveAttribute('data-mode', 'vertical');
  await expect(scroll).toHaveCSS('writing-mode', 'vertical-rl');
  await expect(scroll.locator('ruby.author-ruby').first()).toBeVisible();
  await expect(scroll.locator('ruby.author-ruby rt').first()).toHaveText('おやゆず');
  // The analyzer's furigana arrives for paragraphs in view (here over 小供).
  await expect(scroll.locator('ruby:not(.author-ruby)').first()).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'books-reader-vertical');
  await expectAccessible(page, 'book reader, vertical');
  // Paging in vertical text goes right to left: scrollLeft becomes negative.
  await scroll.focus();
  await page.keyboard.press('PageDown');
  await expect.poll(() => scroll.evaluate((el) => el.scrollLeft)).toBeLessThan(0);

  // One click to horizontal text; paging goes down.
  await page.getByTestId('book-mode-horizontal').click();
  await expect(page.getByTestId('book-reader')).toHaveAttribute('data-mode', 'horizontal');
  await expect(scroll).toHaveCSS('writing-mode', 'horizontal-tb');
  await scroll.evaluate((el) => el.scrollTo({ top: 0 }));
  await page.keyboard.press('PageDown');
  await expect.poll(() => scroll.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await screenshot(page, 'books-reader-horizontal');

  // A paragraph goes to the reader for the model's analysis, translation and word panel; the book stays open.
  const paragraph = scroll.locator('.book-paragraph').nth(1);
  await paragraph.hover();
  await page.getByTestId('book-tools').getByTestId('book-analyse').click();
  // The plain text (the book's indentation kept, no ruby readings mixed in).
  await expect(page.locator('#reader-input')).toHaveValue('\u3000親類のものから西洋製のナイフを貰って奇麗な刃を日に翳して、友達に見せていたら、一人が光る事は光るが切れそうもないと云った。切れぬ事があるか、何でも切ってみせると受け合った。そんなら君の指を切ってみろと注文したから、何だ指ぐらいこの通りだと右の手の親指の甲をはすに切り込んだ。幸ナイフが小さいのと、親指の骨が堅かったので、今だに親指は手に付いている。しかし創痕は死ぬまで消えぬ。');
  await page.getByTestId('nav-books').click();
  await expect(page.getByTestId('book-reader')).toBeVisible();

  // Chapter 二 from the table of contents, then a little further in.
  await page.getByTestId('book-toc-toggle').click();
  await page.getByTestId('book-toc').getByRole('button', { name: '二' }).click();
  await expect(scroll.locator('.book-heading').first()).toContainText('二');
  // A book of chapters: the bar names the book and the chapter.
  await expect(page.locator('.book-reader-title')).toHaveText(/^.+ · 二$/);
  await scroll.evaluate((el) => el.scrollTo({ top: 60 }));
  const firstVisible = () => firstParagraphInView(scroll);
  const where = await firstVisible();
  expect(where).toBeTruthy();
  await page.waitForTimeout(800); // the position is saved after a short pause in scrolling

  // A reload (or a crash) later, the book opens at that paragraph.
  await page.reload();
  await page.getByTestId('nav-books').click();
  await expect(page.getByTestId('book-card').first().getByTestId('book-progress')).not.toHaveText(/^0%/);
  await page.getByTestId('book-card').first().getByRole('button').first().click();
  await expect(scroll.locator('.book-heading').first()).toContainText('二');
  await expect.poll(firstVisible).toBe(where);
});

test('a 200,000-character chapter keeps the page light in both directions', async ({ app, page }) => {
  // One chapter of plain text, 200,000 characters in 2,000 lines.
  const line = '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。'.repeat(2).slice(0, 100);
  const text = Array.from({ length: 2000 }, () => line).join('\n');
  const book = await app.rpc<{ id: number; chapters: { chars: number }[] }>('books.import', { name: 'long.txt', dataBase64: Buffer.from(text).toString('base64') });
  expect(book.chapters[0]!.chars).toBe(200_000);
  await openBooks(page, app.url);
  await page.getByTestId('book-card').first().getByRole('button').first().click();
  const scroll = page.getByTestId('book-scroll');
  for (const mode of ['vertical', 'horizontal'] as const) {
    await page.getByTestId(`book-mode-${mode}`).click();
    await expect(scroll.locator('.book-paragraph').first()).toBeVisible();
    await scroll.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('PageDown');
    await expect(scroll.locator('ruby').first()).toBeVisible({ timeout: 30_000 });
    const nodes = await page.evaluate(() => document.querySelectorAll('*').length);
    expect(nodes, `${mode}: DOM elements`).toBeLessThan(3000);
    expect(await scroll.locator('.book-paragraph').count()).toBeLessThan(100);
    // The text fits across the reading direction: no sideways scroll in horizontal text, none downwards in vertical.
    const overflow = await scroll.evaluate((el) => ({ x: el.scrollWidth - el.clientWidth, y: el.scrollHeight - el.clientHeight }));
    expect(mode === 'horizontal' ? overflow.x : overflow.y, `${mode}: overflow across the lines`).toBeLessThanOrEqual(0);
  }

  // Deep in the chapter in vertical text, a reload opens the book at the same paragraph.
  await page.getByTestId('book-mode-vertical').click();
  await scroll.focus();
  for (let i = 0; i < 8; i++) await page.keyboard.press('PageDown');
  const firstInView = () =>
    scroll.evaluate((el) => {
      const right = el.getBoundingClientRect().right;
      const ps = [...el.querySelectorAll<HTMLElement>('[data-paragraph-id]')].filter((p) => p.getBoundingClientRect().left < right - 2);
      return ps.sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right)[0]?.dataset.paragraphId;
    });
  // The turns settled and the page in view saved by the reader (it saves a moment after the last turn): both read
  // again each time, since under load a queued turn can still land after the page looked still.
  let here: string | undefined;
  await expect
    .poll(
      async () => {
        const saved = String((await app.rpc<{ position?: { paragraphId: number } }>('books.open', book.id)).position?.paragraphId);
        here = await firstInView();
        return saved === here ? 'saved the page in view' : `saved ${saved}, in view ${here}`;
      },
      { timeout: 15_000 },
    )
    .toBe('saved the page in view');
  expect(Number(here)).toBeGreaterThan(20);
  await page.reload();
  await page.getByTestId('nav-books').click();
  await page.getByTestId('book-card').first().getByRole('button').first().click();
  await expect(page.getByTestId('book-reader')).toHaveAttribute('data-mode', 'vertical');
  await expect.poll(firstInView).toBe(here);
});

test('a sentence starred from a book paragraph reaches Review with its book and chapter; a chapter analysis without a key says why', async ({ app, page }) => {
  const text = '吾輩は猫である。名前はまだ無い。\n\nどこで生れたかとんと見当がつかぬ。\n';
  const book = await app.rpc<{ id: number; title: string }>('books.import', { name: 'neko.txt', dataBase64: Buffer.from(text).toString('base64') });
  await app.rpc('settings.set', { uiLocale: 'en' });
  await page.addInitScript(() => localStorage.setItem('yomimono.books.layout', JSON.stringify({ mode: 'horizontal', fontSize: 22, lineHeight: 1.9 })));
  await openBooks(page, app.url);
  await page.getByTestId('book-card').first().getByRole('button').first().click();
  // A one-chapter text is titled like the book: the bar names it once.
  await expect(page.locator('.book-paragraph').first()).toBeVisible();
  await expect(page.getByTestId('book-reader').locator('.book-reader-title')).toHaveText(book.title);

  // "Analyse this chapter": the plan first (paragraphs, model, cost), then it runs; with no key it stops and says why.
  await page.getByTestId('book-analyse-chapter').click();
  await expect(page.getByTestId('chapter-run-plan')).toContainText('2 paragraphs');
  await expect(page.getByTestId('chapter-run-cost')).toContainText(/Estimated cost: about \$0\.0\d+|gives no price/);
  await screenshot(page, 'books-chapter-analysis-plan');
  await page.getByTestId('chapter-run-go').click();
  await expect(page.getByTestId('chapter-run')).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
  await expect(page.getByTestId('chapter-run')).toContainText('Stopped after 0 of 2 paragraphs');

  // The paragraph goes to the reader, which remembers the book it came from.
  const paragraph = page.locator('.book-paragraph').first();
  await paragraph.hover();
  await page.getByTestId('book-tools').getByTestId('book-analyse').click();
  await expect(page.getByTestId('reader-book-source')).toHaveText(`From 「${book.title}」`);
  await page.getByRole('button', { name: '猫 (ねこ)' }).click({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Save this sentence for review' }).click();
  await expect(page.getByTestId('sentence-star')).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('nav-review').click();
  await expect(page.getByTestId('review-sentence')).toContainText('吾輩は猫である');
  await expect(page.getByTestId('review-source')).toHaveText(`From 「${book.title}」`);
  await screenshot(page, 'books-review-source');
  // And in the CSV export.
  const csv = await app.rpc<{ content: string }>('export.csv', {});
  // The source column (the card's book; more columns follow it).
  expect(csv.content).toContain(`,「${book.title}」,`);

  // Reopened from History, the paragraph still names its book, and a sentence starred there keeps it.
  await page.getByTestId('nav-history').click();
  await page.getByTestId('history-item').filter({ hasText: '吾輩は猫である。' }).click();
  await page.getByTestId('history-open-reader').click();
  await expect(page.getByTestId('reader-book-source')).toHaveText(`From 「${book.title}」`);
  await page.getByRole('button', { name: '名前 (なまえ)' }).click({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Save this sentence for review' }).click();
  await expect(page.getByTestId('sentence-star')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await app.rpc<{ content: string }>('export.csv', {})).content).toMatch(new RegExp(`名前はまだ無い。.*,「${book.title}」,`));
});

keyedTest('a word clicked in a book opens the word panel beside the book; a selection opens the phrase panel; a paragraph translates in place', async ({ stack, page }) => {
  const text = '吾輩は猫である。名前はまだ無い。\n\nどこで生れたかとんと見当がつかぬ。\n';
  const book = await stack.server.rpc<{ id: number; title: string }>('books.import', { name: 'neko-panel.txt', dataBase64: Buffer.from(text).toString('base64') });
  await stack.server.rpc('settings.set', { uiLocale: 'en' });
  await page.addInitScript(() => localStorage.setItem('yomimono.books.layout', JSON.stringify({ mode: 'horizontal', fontSize: 22, lineHeight: 1.9 })));
  await openBooks(page, stack.server.url);
  await page.getByTestId('book-card').filter({ hasText: book.title }).getByRole('button').first().click();
  const scroll = page.getByTestId('book-scroll');
  const first = scroll.locator('.book-paragraph').first();
  // The analyzer's tokens have come (the words are known) once its furigana shows.
  await expect(first.locator('ruby:not(.author-ruby)').first()).toBeVisible({ timeout: 30_000 });

  // A click on 猫: the word panel opens in the book view, with the dictionary and the model's explanation.
  await first.locator('ruby', { hasText: '猫' }).click();
  const panel = page.getByTestId('book-reader').getByTestId('detail-panel');
  await expect(panel).toHaveAttribute('data-kind', 'word');
  await expect(panel.getByRole('heading', { level: 2 })).toContainText('猫');
  // The dictionary's section (here it says the dictionary is not installed: the e2e server has none).
  await expect(panel.locator('[data-testid="dict-section"], [data-testid="dict-missing"]')).toBeVisible();
  await expect(panel.getByTestId('detail-chineseTranslation')).toContainText('meaning of 猫', { timeout: 30_000 });
  await expect(panel.getByTestId('detail-explanation')).toContainText('How 猫 is used');
  await expect(page.getByTestId('book-reader')).toBeVisible();
  // The word is marked in the book.
  const marked = () => highlighted(page, 'book-word');
  await expect.poll(marked).toEqual(['猫']);
  await page.mouse.move(0, 0);
  await screenshot(page, 'books-word-panel');

  // The sentence starred from the panel keeps the book as its source.
  await panel.getByRole('button', { name: 'Save this sentence for review' }).click();
  await expect(panel.getByTestId('sentence-star')).toHaveAttribute('aria-pressed', 'true');
  // And so does the word starred from it.
  await panel.getByTestId('detail-star').click();
  await expect(panel.getByTestId('detail-star')).toHaveAttribute('aria-pressed', 'true');
  const wordLine = async () => (await stack.server.rpc<{ content: string }>('export.csv', {})).content.split('\r\n').find((l) => l.startsWith('word,猫,'));
  // The source column (the card's book; more columns follow it).
  await expect.poll(wordLine).toMatch(new RegExp(`,「${book.title}」,`));

  // A selection across words: the phrase panel.
  await first.evaluate((p) => {
    const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (!n.parentElement?.closest('rt, button')) nodes.push(n as Text);
    const at = (ch: string) => nodes.find((n) => n.data.includes(ch))!;
    const range = document.createRange();
    range.setStart(at('名'), at('名').data.indexOf('名'));
    range.setEnd(at('無'), at('無').data.indexOf('無') + 1);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
    p.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
  });
  await expect(panel).toHaveAttribute('data-kind', 'phrase');
  await expect(panel.getByRole('heading', { level: 2 })).toContainText('名前はまだ無');
  await expect.poll(marked).toEqual(['名前はまだ無い']);

  // The paragraph translated under itself; the book stays open.
  await first.hover();
  await page.getByTestId('book-tools').getByTestId('book-translate').click();
  await expect(scroll.getByTestId('book-translation').first()).toContainText('EN: 吾輩は猫である。名前はまだ無い。');
  // Read aloud: the paragraph goes to the speech service as it is.
  await first.hover();
  await page.getByTestId('book-tools').getByTestId('book-read-aloud').click();
  await expect.poll(() => stack.edge.received.ssml.at(-1)?.body, { timeout: 20_000 }).toBe('吾輩は猫である。名前はまだ無い。');

  // In vertical text too, the panel stays beside the book.
  await page.getByTestId('book-mode-vertical').click();
  await expect(panel).toBeVisible();
  await page.mouse.move(0, 0);
  await screenshot(page, 'books-word-panel-vertical');

  await page.getByTestId('nav-review').click();
  await expect(page.getByTestId('review-sentence')).toContainText('吾輩は猫である');
  await expect(page.getByTestId('review-source')).toHaveText(`From 「${book.title}」`);
});

test('keyboard only: word mode in a book moves in reading order in both writing modes and opens the word panel', async ({ app, page }) => {
  // A paragraph long enough to wrap onto several lines (columns in vertical text), then a short one.
  const long = '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。';
  const text = `${long}\n\n${Array.from({ length: 80 }, () => '名前はまだ無い。').join('\n\n')}\n`;
  const book = await app.rpc<{ id: number; title: string }>('books.import', { name: 'neko-keys.txt', dataBase64: Buffer.from(text).toString('base64') });
  await app.rpc('settings.set', { uiLocale: 'en' });
  await page.addInitScript(() => localStorage.setItem('yomimono.books.layout', JSON.stringify({ mode: 'horizontal', fontSize: 22, lineHeight: 1.9 })));
  await openBooks(page, app.url);
  // Open the book from the keyboard.
  await page.getByTestId('book-card').filter({ hasText: book.title }).getByRole('button').first().focus();
  await page.keyboard.press('Enter');
  const scroll = page.getByTestId('book-scroll');
  await expect(scroll.locator('.book-paragraph').first().locator('ruby:not(.author-ruby)').first()).toBeVisible({ timeout: 30_000 });
  const cursor = () => highlighted(page, 'book-cursor');
  const hint = page.getByTestId('book-keys-hint');
  const panel = page.getByTestId('book-reader').getByTestId('detail-panel');

  for (const mode of ['horizontal', 'vertical'] as const) {
    const vertical = mode === 'vertical';
    if (vertical) {
      // The writing mode's button, pressed from the keyboard.
      await page.getByTestId('book-mode-vertical').focus();
      await page.keyboard.press('Space');
      await expect(page.getByTestId('book-reader')).toHaveAttribute('data-mode', 'vertical');
    }
    const [along, back, across, up] = vertical ? ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp'];
    await scroll.focus();
    await expect(hint).toContainText('Enter: choose words with the keyboard');
    const pageAt = () => scroll.evaluate((el) => [el.scrollLeft, el.scrollTop]);
    const before = await pageAt();

    // Enter: word mode on the first word in view; the hint names the keys of word mode.
    await page.keyboard.press('Enter');
    await expect(scroll).toHaveAttribute('data-word-mode', 'true');
    await expect.poll(cursor).toEqual(['吾輩']);
    await expect(hint).toContainText('Shift+arrows');
    await expect(page.getByTestId('book-cursor-word')).toContainText('吾輩');

    // Along the text: word by word (は is a word, 。 is not).
    await page.keyboard.press(along);
    await page.keyboard.press(along);
    await expect.poll(cursor).toEqual(['猫']);
    await page.keyboard.press(back);
    await expect.poll(cursor).toEqual(['は']);
    await page.keyboard.press(along);
    // Shift grows a phrase and shrinks it back.
    await page.keyboard.press(`Shift+${along}`);
    await page.keyboard.press(`Shift+${along}`);
    await expect.poll(cursor).toEqual(['猫である']);
    if (vertical) await screenshot(page, 'books-keyboard');
    await page.keyboard.press(`Shift+${back}`);
    await page.keyboard.press(`Shift+${back}`);
    await expect.poll(cursor).toEqual(['猫']);
    // The arrows moved words, not pages.
    expect(await pageAt()).toEqual(before);

    // Across: to the next line (column) of the same paragraph, and back to the same word.
    const from = (await cursorBox(page))!;
    await page.keyboard.press(across);
    await expect.poll(async () => {
      const to = await cursorBox(page);
      return vertical ? to!.right <= from.left : to!.top >= from.bottom;
    }).toBe(true);
    await page.keyboard.press(up);
    await expect.poll(cursor).toEqual(['猫']);

    // Enter: the word panel on 猫; Escape closes it and gives the keys back to the text, still in word mode.
    await page.keyboard.press('Enter');
    await expect(panel).toHaveAttribute('data-kind', 'word');
    await expect(panel.getByRole('heading', { level: 2 })).toContainText('猫');
    await expect.poll(() => highlighted(page, 'book-word')).toEqual(['猫']);
    // Keys in the panel stay there: the book behind it does not page.
    const at = () => scroll.evaluate((el) => [el.scrollLeft, el.scrollTop]);
    const still = await at();
    await panel.getByRole('heading', { level: 2 }).focus();
    for (const key of ['PageDown', 'ArrowDown', along, ' ']) await page.keyboard.press(key);
    await page.waitForTimeout(300);
    expect(await at(), 'the book did not page behind the panel').toEqual(still);
    await scroll.focus();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(scroll).toBeFocused();
    await page.keyboard.press(along);
    await expect.poll(cursor).toEqual(['で']);
    // A phrase opens the phrase panel.
    await page.keyboard.press(`Shift+${along}`);
    await page.keyboard.press('Enter');
    await expect(panel).toHaveAttribute('data-kind', 'phrase');
    await expect(panel.getByRole('heading', { level: 2 })).toContainText('である');
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);

    // Paged on in word mode, the arrows start again on the page in view.
    await scroll.focus();
    // Two page turns and an arrow in one task, as from a quick hand: the arrow comes before the scroll event
    // renders the new page, and the paragraphs rendered for the old one do not reach it.
    await scroll.evaluate((el, key) => {
      for (const k of ['PageDown', 'PageDown', key]) el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
    }, along);
    await expect.poll(cursor).toEqual(['名前']);
    expect(await pageAt(), 'the page turned and stayed').not.toEqual(before);
    await expect.poll(() => scroll.evaluate((el, v) => {
      const r = ([...(CSS.highlights.get('book-cursor') ?? [])][0] as Range).getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return v ? r.left >= box.left && r.right <= box.right : r.top >= box.top && r.bottom <= box.bottom;
    }, vertical)).toBe(true);

    // Escape again leaves word mode: the arrows page once more.
    await page.keyboard.press('Escape');
    await expect(scroll).not.toHaveAttribute('data-word-mode', 'true');
    await expect.poll(cursor).toEqual([]);
    const paged = await pageAt();
    await page.keyboard.press(along === 'ArrowDown' ? 'ArrowDown' : across);
    await expect.poll(pageAt).not.toEqual(paged);
    await scroll.evaluate((el) => el.scrollTo({ top: 0, left: 0 }));
  }
  // Paged on, then back at the start and the other writing mode chosen in the same moment, before the scroll's render has
  // reported the place: the book shows its start in the new mode, not the page it was on.
  const counts = page.getByTestId('book-counts');
  await expect(counts).toContainText(/^0% · 0 of/);
  await scroll.focus();
  await page.keyboard.press('PageDown');
  await expect(counts).not.toContainText(/^0% · 0 of/);
  await scroll.evaluate((el) => {
    el.scrollTo({ top: 0, left: 0 });
    document.querySelector<HTMLElement>('[data-testid="book-mode-horizontal"]')!.click();
  });
  await expect(page.getByTestId('book-reader')).toHaveAttribute('data-mode', 'horizontal');
  // After the frames in which the new mode goes to its place.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done)))));
  await expect(counts).toContainText(/^0% · 0 of/);
  // Furigana on hover: the paragraph the keyboard is in shows its readings, as hovering it does.
  await page.getByTestId('book-furigana-hover').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('book-furigana-hover')).toHaveAttribute('aria-checked', 'true');
  await scroll.focus();
  const readings = (i: number) => scroll.locator('.book-paragraph').nth(i).locator('ruby:not(.author-ruby) rt').first();
  await expect(readings(0)).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(readings(0)).toBeVisible();
  await expect(readings(1)).toBeHidden();
  await expectAccessible(page, 'book reader, word mode');
});
