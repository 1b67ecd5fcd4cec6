/**
 * Word knowledge in the browser: counted words marked by status (new, learning; known plain),
 * furigana over unknown words only, the status key K over a hovered word repainting every
 * instance at once, the dictionary popup's status control, and Settings → Word knowledge with a
 * word list's bad lines reported; in English and Simplified Chinese, with screenshots.
 */
import type { Page } from '@playwright/test';
import { test } from '@playwright/test';
import { jmdictXml } from '../support/dictionary/jmdictXml';
import { startFakeAnkiConnect, type FakeAnkiConnect } from '../fakes/ankiConnect';
import { expect, screenshot, startServe } from './fixtures';
import { hoverUntilOpen } from './support/hover';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

type Server = Awaited<ReturnType<typeof startServe>>;
type Key = { term: string; reading: string };
const FIRST_ANALYSIS_MS = 90_000;
let server: Server;

const WORDS = jmdictXml([
  { id: 1, kanji: ['猫'], readings: ['ねこ'], pri: ['ichi1'], pos: ['n'], glosses: ['cat'] },
  { id: 2, kanji: ['魚'], readings: ['さかな'], pri: ['ichi1'], pos: ['n'], glosses: ['fish'] },
  { id: 3, kanji: ['食べる'], readings: ['たべる'], pri: ['ichi1'], pos: ['v1'], glosses: ['to eat'] },
  { id: 4, kanji: ['犬'], readings: ['いぬ'], pri: ['ichi1'], pos: ['n'], glosses: ['dog'] },
]);
const TEXT = '猫が魚を食べた。犬も魚を食べる。';
let keys: Record<'cat' | 'fish' | 'eat' | 'dog', Key>;

test.beforeAll(async () => {
  server = await startServe({ OPENROUTER_API_URL: 'http://127.0.0.1:9/api/v1', EDGE_TTS_URL: 'ws://127.0.0.1:9/edge' });
  await server.rpc('settings.set', { uiLocale: 'en', furiganaMode: 'always' });
  await server.rpc('dictionary.import', { name: 'JMdict_e', dataBase64: Buffer.from(WORDS).toString('base64') });
  const keyOf = (word: string) => server.rpc<Key>('words.keyOf', { word, sentence: TEXT });
  keys = { cat: await keyOf('猫'), fish: await keyOf('魚'), eat: await keyOf('食べた'), dog: await keyOf('犬') };
  await server.rpc('words.setStatus', [
    { ...keys.cat, status: 'known' },
    { ...keys.fish, status: 'learning' },
  ]);
});
test.afterAll(async () => {
  await server?.stop();
});

async function analysed(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
  await page.locator('#reader-input').fill(TEXT);
  await page.getByTestId('analyze').click();
  await expect(page.getByTestId('reading-view').getByRole('button', { name: /^猫/ })).toBeVisible({ timeout: FIRST_ANALYSIS_MS });
}

const view = (page: Page) => page.getByTestId('reading-view');
const words = (page: Page, key: Key) => view(page).locator(`[data-wk="${key.term}\t${key.reading}"]`);

test('each counted word shows its status: new and learning marked, known plain; the marks can be turned off', async ({ page }) => {
  await analysed(page);
  await expect(words(page, keys.cat)).toHaveAttribute('data-ws', 'known');
  await expect(words(page, keys.fish)).toHaveCount(2);
  for (const w of await words(page, keys.fish).all()) await expect(w).toHaveAttribute('data-ws', 'learning');
  await expect(words(page, keys.eat).first()).toHaveAttribute('data-ws', 'new');
  // The marks are drawn: a dotted line under a new word, a solid one under a learning word, none under a known one.
  const decoration = (key: Key) => words(page, key).first().evaluate((el) => getComputedStyle(el).textDecorationStyle + ' ' + getComputedStyle(el).textDecorationLine);
  expect(await decoration(keys.eat)).toBe('dotted underline');
  expect(await decoration(keys.fish)).toBe('solid underline');
  expect(await decoration(keys.cat)).toContain('none');
  await screenshot(page, 'words-annotated');

  await server.rpc('settings.set', { wordStatusMarks: false });
  await page.reload();
  await analysed(page);
  expect(await decoration(keys.eat)).toContain('none');
  await server.rpc('settings.set', { wordStatusMarks: true });
});

test('furigana on unknown words only: readings over new and learning words, none over known ones', async ({ page }) => {
  await analysed(page);
  await page.getByTestId('furigana-unknown').click();
  // A reading is hidden by drawing it transparent (words.css: a status change then only repaints).
  const rtShown = (key: Key) =>
    words(page, key).first().locator('rt').first().evaluate((el) => {
      const s = getComputedStyle(el);
      return s.visibility === 'visible' && s.color !== 'rgba(0, 0, 0, 0)' && s.color !== 'transparent';
    });
  await expect.poll(() => rtShown(keys.cat)).toBe(false);
  expect(await rtShown(keys.fish)).toBe(true);
  expect(await rtShown(keys.eat)).toBe(true);
  await screenshot(page, 'words-furigana-unknown');
  await page.getByTestId('furigana-always').click();
});

test('K over a hovered word cycles its status, repainting every instance at once; the popup changes it in one click', async ({ page }) => {
  await analysed(page);
  const eat = words(page, keys.eat);
  await expect(eat).toHaveCount(2);
  await eat.first().hover();
  await page.keyboard.press('k');
  for (const w of await eat.all()) await expect(w).toHaveAttribute('data-ws', 'learning');
  await screenshot(page, 'words-key-marked');
  // Stored as the learner's mark (sent once the page is idle after showing it).
  await expect.poll(() => server.rpc('words.status', [keys.eat])).toEqual([{ ...keys.eat, status: 'learning', source: 'mark' }]);

  // The core refusing the next press: every instance goes back, and the learner is told in the UI language.
  await page.route('**/rpc/words.setStatus', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'internal', message: 'disk full' }) }));
  await eat.first().hover();
  await page.keyboard.press('k');
  const refused = page.getByRole('alert').filter({ hasText: 'The status could not be saved' });
  await expect(refused).toBeVisible();
  for (const w of await eat.all()) await expect(w).toHaveAttribute('data-ws', 'learning');
  expect(await server.rpc('words.status', [keys.eat])).toEqual([{ ...keys.eat, status: 'learning', source: 'mark' }]);
  await page.unroute('**/rpc/words.setStatus');
  await refused.getByRole('button').click();
  await expect(refused).toHaveCount(0);

  // The dictionary popup shows the status and changes it in one click.
  const dog = view(page).locator(`[data-wk="${keys.dog.term}\t${keys.dog.reading}"]`).first();
  await page.keyboard.down('Shift');
  const popup = page.getByTestId('dict-popup');
  await hoverUntilOpen(page, dog, popup, { x: 4, fromBottom: 6 });
  await page.keyboard.up('Shift');
  await expect(popup.getByTestId('word-status')).toHaveAttribute('data-status', 'new');
  await popup.getByTestId('word-status-known').click();
  await expect(popup.getByTestId('word-status')).toHaveAttribute('data-status', 'known');
  await expect(words(page, keys.dog)).toHaveAttribute('data-ws', 'known');
  await screenshot(page, 'words-popup-status');
  await expect.poll(() => server.rpc('words.status', [keys.dog])).toEqual([{ ...keys.dog, status: 'known', source: 'mark' }]);
});

test('a status changed elsewhere (another window, an import) repaints the open text', async ({ page }) => {
  await analysed(page);
  await server.rpc('words.setStatus', [{ ...keys.cat, status: 'learning' }]);
  await expect(words(page, keys.cat)).toHaveAttribute('data-ws', 'learning');
});

test('a book with furigana off still shows the marks: a new word marked, a status change repaints it, no readings', async ({ page }) => {
  await server.rpc('settings.set', { furiganaMode: 'off' });
  // The statuses this test starts from (the tests before it change them).
  await server.rpc('words.setStatus', [
    { ...keys.eat, status: 'new' },
    { ...keys.dog, status: 'known' },
  ]);
  try {
    await server.rpc('books.import', { name: 'marks.txt', dataBase64: Buffer.from(`${TEXT}\n`).toString('base64') });
    await page.goto(server.url);
    await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('nav-books').click();
    await page.getByTestId('book-card').filter({ hasText: 'marks' }).getByRole('button').first().click();
    const book = page.getByTestId('book-reader');
    const dog = book.locator(`.book-paragraph [data-wk="${keys.dog.term}\t${keys.dog.reading}"]`);
    const eat = book.locator(`.book-paragraph [data-wk="${keys.eat.term}\t${keys.eat.reading}"]`).first();
    await expect(eat).toHaveAttribute('data-ws', 'new', { timeout: FIRST_ANALYSIS_MS });
    expect(await eat.evaluate((el) => getComputedStyle(el).textDecorationStyle + ' ' + getComputedStyle(el).textDecorationLine)).toBe('dotted underline');
    // Furigana off: the analyzer's readings stay off the page.
    await expect(book.locator('.book-paragraph rt')).toHaveCount(0);
    await expect(dog).toHaveAttribute('data-ws', 'known');
    await server.rpc('words.setStatus', [{ ...keys.dog, status: 'learning' }]);
    await expect(dog).toHaveAttribute('data-ws', 'learning');
    await screenshot(page, 'words-book-furigana-off');
  } finally {
    await server.rpc('settings.set', { furiganaMode: 'always' });
  }
});

test('in Chinese: annotated text, the word panel’s status, and a word list with bad lines reported', async ({ page }) => {
  await server.rpc('settings.set', { uiLocale: 'zh-CN' });
  try {
    await analysed(page);
    await words(page, keys.fish).first().click();
    const panel = page.getByTestId('detail-panel');
    await expect(panel.getByRole('radiogroup', { name: '魚 的掌握状态' })).toBeVisible();
    await expect(panel.getByTestId('word-status-learning')).toHaveText('学习中');
    await expect(panel.getByTestId('word-status-learning')).toHaveAttribute('aria-checked', 'true');
    await screenshot(page, 'words-annotated-zh-CN');

    await page.goto(`${server.url}`);
    await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Control+,');
    const section = page.getByTestId('settings-words');
    await section.scrollIntoViewIfNeeded();
    await section.getByTestId('word-list-text').fill(['読む', 'hello', '12345', '鬱齉麤靐', '泳ぐ\tおよぐ'].join('\n'));
    await section.getByTestId('word-list-run').click();
    // A line of random kanji is no word: reported with the others, not stored.
    await expect(section.getByTestId('word-list-report')).toContainText('3 行不是词语');
    await expect(section.getByTestId('word-list-unrecognized')).toContainText('hello');
    await expect(section.getByTestId('word-list-unrecognized')).toContainText('鬱齉麤靐');
    await expect(section.getByTestId('word-list-report')).toContainText('2 个词已更改');
    await section.getByTestId('word-list-report').scrollIntoViewIfNeeded();
    await screenshot(page, 'words-settings-zh-CN');
  } finally {
    await server.rpc('settings.set', { uiLocale: 'en' });
  }
});

test.describe('Settings → Word knowledge: Anki', () => {
  let anki: FakeAnkiConnect;
  let withAnki: Server;
  test.beforeAll(async () => {
    anki = await startFakeAnkiConnect();
    anki.addStudied({ deckName: 'Mining', modelName: 'Vocab', fields: { Word: '食[た]べる', Meaning: 'eat' }, cards: [{ interval: 30 }] });
    anki.addStudied({ deckName: 'Mining', modelName: 'Vocab', fields: { Word: '<b>猫</b>', Meaning: 'cat' }, cards: [{ interval: 2 }] });
    // Random kanji: no word, reported as the word list's import reports its lines.
    anki.addStudied({ deckName: 'Mining', modelName: 'Vocab', fields: { Word: '猫犬鳥馬', Meaning: '?' }, cards: [{ interval: 9 }] });
    withAnki = await startServe({ ANKICONNECT_URL: anki.url, OPENROUTER_API_URL: 'http://127.0.0.1:9/api/v1', EDGE_TTS_URL: 'ws://127.0.0.1:9/edge' });
    await withAnki.rpc('settings.set', { uiLocale: 'en' });
  });
  test.afterAll(async () => {
    await withAnki?.stop();
    await anki?.close().catch(() => undefined);
  });

  test('a search matching nothing, the import with its result, and Anki gone: each said in the UI language', async ({ page }) => {
    await page.goto(withAnki.url);
    await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Control+,');
    const box = page.getByTestId('anki-word-import');
    await box.scrollIntoViewIfNeeded();
    await box.getByTestId('anki-query').fill('deck:Nowhere');
    await box.getByTestId('anki-find-fields').click();
    await expect(box.getByTestId('anki-error')).toHaveText('No Anki note matches this search.');

    await box.getByTestId('anki-query').fill('deck:Mining');
    await box.getByTestId('anki-find-fields').click();
    await expect(box.getByTestId('anki-field')).toHaveValue('Word');
    await box.getByTestId('anki-run').click();
    const report = box.getByTestId('anki-report');
    await expect(report.locator('p').first()).toHaveText('1 known, 1 learning, 1 skipped (3 notes).');
    await expect(report.locator('p').nth(1)).toHaveText('1 note does not hold a word in that field:');
    await expect(box.getByTestId('anki-not-words').locator('li')).toHaveText(['猫犬鳥馬']);
    await screenshot(page, 'words-anki-import');

    // In Korean, Anki gone before the import: said so, what was saved stays.
    await withAnki.rpc('settings.set', { uiLocale: 'ko' });
    await page.reload();
    await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Control+,');
    await box.scrollIntoViewIfNeeded();
    await box.getByTestId('anki-query').fill('deck:Mining');
    await box.getByTestId('anki-find-fields').click();
    await expect(box.getByTestId('anki-run')).toHaveText('가져오기');
    await box.getByTestId('anki-run').click();
    await expect(report.locator('p').nth(1)).toHaveText('그 필드에 단어가 없는 노트 1개:');
    await expect(box.getByTestId('anki-not-words').locator('li')).toHaveText(['猫犬鳥馬']);
    await anki.close();
    await box.getByTestId('anki-run').click();
    // Named in Korean with the service (AnkiConnect), never in the add-on's or the core's English.
    await expect(box.getByTestId('anki-error')).toContainText('AnkiConnect');
    await expect(box.getByTestId('anki-error')).toContainText('Anki를');
    await expect(box.getByTestId('anki-error')).not.toContainText(/not running|refused|ECONNREFUSED/i);
    await screenshot(page, 'words-anki-gone-ko');
    // What the import saved before stays.
    const [eat] = await withAnki.rpc<Array<{ status: string }>>('words.status', [{ term: '食べる', reading: 'たべる' }]);
    expect(eat!.status).toBe('known');
  });
});
