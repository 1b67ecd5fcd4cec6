/**
 * Yomitan dictionaries and the shipped data in the browser: the popup with the pitch graph,
 * the JLPT and frequency badges; a structured-content entry; a nested lookup from a popup's
 * gloss; the dictionaries list in Settings (switch, reorder). Screenshots of each.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test } from '@playwright/test';
import { DICTIONARY_UPLOAD_PATH } from '../../shared/contract/dictionary';
import { solidPng } from '../support/dictionary/pngImage';
import { yomitanZip } from '../support/dictionary/yomitanFixture';
import { expect, SCREENSHOT_DIR, screenshot, startServe } from './fixtures';
import { CARD_ACTIONS_ALLOWANCE_PX, cardActionsHeight, hoverUntilOpen, popupArrival, watchPopupArrival, type PopupArrival } from './support/hover';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

type Server = Awaited<ReturnType<typeof startServe>>;
const FIRST_ANALYSIS_MS = 90_000;
const JMDICT = path.resolve(import.meta.dirname, '../integration/dictionary/fixtures/JMdict_sample.xml');
let server: Server;

/** A small Jitendex-like dictionary: 猫 as structured content whose gloss names 食べる (a nested lookup's target). */
function catDictionary(): Buffer {
  const content = [
    { tag: 'span', style: { fontSize: 'small' }, content: 'noun' },
    {
      tag: 'ol',
      content: [
        { tag: 'li', content: ['cat ', { tag: 'span', style: { fontWeight: 'bold' }, content: '食べる' }, ' fish'] },
        { tag: 'li', content: [{ tag: 'ruby', content: ['子猫', { tag: 'rt', content: 'こねこ' }] }, ': kitten'] },
      ],
    },
    { tag: 'table', content: [{ tag: 'tr', content: [{ tag: 'th', content: 'Note' }, { tag: 'td', content: 'also ネコ' }] }] },
    { tag: 'a', href: 'https://example.org/neko', content: 'more' },
    { tag: 'div', content: [{ tag: 'img', path: 'img/cat.png', width: 48, height: 32, title: 'a cat' }] },
  ];
  return Buffer.from(
    yomitanZip({
      index: { title: 'Jitendex-like', revision: '2024.01', format: 3, attribution: 'CC BY-SA 4.0 (test data)' },
      tags: [['n', 'partOfSpeech', 0, 'noun (common) (futsuumeishi)', 0]],
      terms: [['猫', 'ねこ', 'n', '', 10, [{ type: 'structured-content', content }], 1, '']],
      extra: { 'img/cat.png': solidPng(48, 32, [240, 140, 40]) },
      termMeta: [
        ['猫', 'freq', { value: 1843, displayValue: '1843' }],
        ['猫', 'ipa', { reading: 'ねこ', transcriptions: [{ ipa: 'ne̞ko̞', tags: [] }] }],
      ],
    }),
  );
}

test.beforeAll(async () => {
  server = await startServe({ OPENROUTER_API_URL: 'http://127.0.0.1:9/api/v1', EDGE_TTS_URL: 'ws://127.0.0.1:9/edge' });
  await server.rpc('settings.set', { uiLocale: 'en', explanationLocale: 'en' });
  await server.rpc('dictionary.import', { name: 'JMdict_e', dataBase64: fs.readFileSync(JMDICT).toString('base64') });
  // A Yomitan zip goes the way browser mode sends one: streamed as the raw body, written to disk, imported from there.
  const uploaded = await fetch(`${server.url}${DICTIONARY_UPLOAD_PATH}`, { method: 'POST', headers: { 'Content-Type': 'application/octet-stream', 'X-File-Name': 'cat.zip' }, body: new Uint8Array(catDictionary()) });
  expect(await uploaded.json()).toEqual({ entries: 1, kanji: 0, title: 'Jitendex-like' });
  // The shipped Kanjium and JLPT data are built at the first start, in the background.
  await expect
    .poll(async () => ((await server.rpc<{ pitches: unknown[]; jlpt: string | null }[]>('dictionary.lookup', '食べる'))[0] ?? { pitches: [] }).pitches.length, { timeout: 60_000 })
    .toBeGreaterThan(0);
});
test.afterAll(async () => {
  await server?.stop();
});

async function analysed(page: Page, text: string, word: RegExp) {
  await page.goto(server.url);
  await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Japanese text' }).fill(text);
  await page.getByTestId('analyze').click();
  const button = page.getByRole('button', { name: word }).first();
  await expect(button).toBeVisible({ timeout: FIRST_ANALYSIS_MS });
  return button;
}

test('the popup shows the pitch graph, the JLPT badge (unofficial) and a frequency badge, with no setup', async ({ page }) => {
  const word = await analysed(page, '食べた。', /^食べ/);
  await page.keyboard.down('Shift');
  const popup = page.getByTestId('dict-popup');
  const entry = popup.getByTestId('dict-entry').first();
  // The word may sit at the window's bottom edge, and the coverage line arriving above it moves it down.
  await hoverUntilOpen(page, word, entry);
  await expect(entry).toHaveAttribute('data-entry-id', '1358280');
  await expect(entry.getByTestId('pitch-graph')).toHaveAttribute('data-downstep', '2');
  await expect(entry.getByTestId('dict-downstep')).toHaveText('[2]');
  await expect(entry.getByTestId('dict-jlpt')).toHaveText('N5 (unofficial)');
  await expect(entry.getByTestId('dict-freq')).toContainText('Freq.');
  // Short part-of-speech labels, the full name on hover.
  await expect(entry.getByTestId('dict-pos').first()).toHaveText('ichidan');
  await expect(entry.getByTestId('dict-pos').first()).toHaveAttribute('title', 'Ichidan verb (v1)');
  await screenshot(page, 'yomitan-popup-pitch-jlpt-frequency');
  await page.keyboard.up('Shift');
  await page.mouse.move(5, 5);
  await expect(popup).toBeHidden();
});

test('a structured-content entry, and a nested lookup from a word in its gloss', async ({ page }) => {
  const word = await analysed(page, '猫がいる。', /^猫/);
  await page.keyboard.down('Shift');
  const first = page.locator('.dict-popup[data-level="0"]');
  const entry = first.getByTestId('dict-entry').first();
  await hoverUntilOpen(page, word, entry);
  await expect(entry.getByTestId('dict-rich')).toBeVisible();
  await expect(entry.getByTestId('dict-source')).toHaveText('Jitendex-like');
  await expect(entry.locator('.sc-content ol > li')).toHaveCount(2);
  await expect(entry.locator('ruby rt')).toHaveText('こねこ');
  await expect(entry.locator('table td')).toHaveText('also ネコ');
  await expect(entry.locator('a[href="https://example.org/neko"]')).toHaveAttribute('rel', /noopener/);
  await expect(entry.getByTestId('dict-freq')).toHaveText('Freq. 1843');
  // The dictionary's IPA beside the pitch, its source on hover.
  await expect(entry.getByTestId('dict-ipa')).toHaveText('/ne̞ko̞/');
  await expect(entry.getByTestId('dict-ipa')).toHaveAttribute('title', 'Pronunciation in IPA. Source: Jitendex-like');
  // No style or class from the dictionary reaches the page: only the app's own classes.
  expect(await entry.locator('.sc-content [style], .sc-content [class^="evil"]').count()).toBe(0);
  await expect(entry.locator('.sc-emphasis')).toHaveText('食べる');
  // The dictionary's own picture, imported from its zip, at the size it gives, through a blob: URL.
  const image = entry.getByTestId('dict-image');
  await expect(image).toHaveAttribute('title', 'a cat');
  await expect(image).toHaveAttribute('src', /^blob:/);
  await expect(image).toHaveAttribute('width', '48');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
  await screenshot(page, 'yomitan-structured-content');

  // Hovering 食べる inside the popup opens a second popup above it.
  const inner = (await entry.locator('.sc-emphasis').boundingBox())!;
  await page.mouse.move(inner.x + 4, inner.y + inner.height / 2);
  const nested = page.locator('.dict-popup[data-level="1"]');
  await expect(nested).toBeVisible();
  await expect(nested.getByTestId('dict-entry').first()).toHaveAttribute('data-entry-id', '1358280');
  await expect(first).toBeVisible();
  await screenshot(page, 'yomitan-nested-popup');
  await page.keyboard.up('Shift');
  await page.mouse.move(5, 5);
  await expect(page.getByTestId('dict-popup')).toHaveCount(0);
});

/** Hovers `word` with Shift until its popup is whole; returns how it arrived and how it ended. */
async function hoverWhole(page: Page, word: Locator, whileOpen?: (popup: Locator) => Promise<void>): Promise<{ arrival: PopupArrival; whole: { top: number; bottom: number; scrolls: boolean; entries: number; cardActions: number } }> {
  await watchPopupArrival(page);
  await page.keyboard.down('Shift');
  const popup = page.locator('.dict-popup[data-level="0"]');
  await hoverUntilOpen(page, word, popup);
  await expect(popup).toHaveAttribute('data-complete', 'true');
  const whole = await popup.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return {
      top: box.top,
      bottom: box.bottom,
      scrolls: el.scrollHeight > el.clientHeight + 1,
      entries: el.querySelectorAll('[data-testid="dict-entry"]').length,
      cardActions: el.querySelectorAll('[data-testid="popup-card-actions"]').length,
    };
  });
  const arrival = await popupArrival(page);
  await page.keyboard.up('Shift');
  await whileOpen?.(popup);
  await page.mouse.move(5, 5);
  await expect(popup).toHaveCount(0);
  return { arrival, whole };
}

test("the popup draws its best entry in the hover's own frame and the others in the next, growing away from the word on the side it came on", async ({ page }) => {
  const word = await analysed(page, '東京大学に行く。', /^東京/);
  let buttonsHeight = 0;
  const roomy = await hoverWhole(page, word, async (popup) => {
    buttonsHeight = await cardActionsHeight(popup);
    // The sense a card takes: the best entry's first until another is clicked, in an entry drawn later too.
    const choices = popup.getByTestId('dict-sense-choose');
    await expect(choices.first()).toHaveAttribute('aria-pressed', 'true');
    const later = popup.getByTestId('dict-entry').nth(1).getByTestId('dict-sense-choose').first();
    await later.click();
    await expect(later).toHaveAttribute('aria-pressed', 'true');
    await expect(choices.first()).toHaveAttribute('aria-pressed', 'false');
    await expect(popup.locator('[data-testid="dict-sense-choose"][aria-pressed="true"]')).toHaveCount(1);
  });
  // 東京大学, then the shorter matches (東京): the best alone at first, the card buttons under the others with them.
  expect(roomy.whole.entries).toBeGreaterThan(1);
  expect(roomy.arrival).toMatchObject({ entries: 1, cardActions: 0, complete: 'false' });
  expect(roomy.whole.cardActions).toBe(1);
  // The popup is placed for its grown height with the card buttons' height estimated: no less than they take.
  expect(buttonsHeight).toBeGreaterThan(0);
  expect(buttonsHeight).toBeLessThanOrEqual(CARD_ACTIONS_ALLOWANCE_PX);
  const firstHeight = roomy.arrival.bottom - roomy.arrival.top;
  const wholeHeight = roomy.whole.bottom - roomy.whole.top;
  expect(wholeHeight).toBeGreaterThan(firstHeight);
  // A window whose room below the word fits the best entry but not the whole popup: the popup
  // goes above from the start (the side with room for it grown), its bottom staying over the word
  // as it grows, and it is not held short (no scrolling).
  const wordBox = (await word.boundingBox())!;
  const view = page.viewportSize()!;
  await page.setViewportSize({ width: view.width, height: Math.round(wordBox.y + wordBox.height + 14 + (firstHeight + wholeHeight) / 2) });
  const moved = await word.boundingBox();
  expect(moved!.y).toBeCloseTo(wordBox.y, 0);
  const tight = await hoverWhole(page, word);
  expect(tight.arrival.bottom).toBeLessThanOrEqual(wordBox.y);
  expect(tight.whole.bottom).toBeCloseTo(tight.arrival.bottom, 0);
  expect(tight.whole.scrolls).toBe(false);
  await page.setViewportSize(view);
});

test('Settings lists every dictionary with its licence; switching one off and reordering change the lookup', async ({ page }) => {
  await page.goto(server.url);
  await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Settings' }).click();
  const list = page.getByTestId('dict-list');
  await expect(list.getByTestId('dict-list-item')).toHaveCount(2);
  const yomitan = list.getByTestId('dict-list-item').nth(1);
  await expect(yomitan).toContainText('Jitendex-like');
  await expect(yomitan).toContainText('2024.01');
  await expect(yomitan).toContainText('2 frequency/pitch entries');
  await expect(yomitan.getByTestId('dict-list-attribution')).toHaveText('CC BY-SA 4.0 (test data)');
  await expect(page.getByTestId('kanjium-licence')).toContainText('Uros O.');
  await expect(page.getByTestId('jlpt-licence')).toContainText('unofficial');
  await yomitan.scrollIntoViewIfNeeded();
  await screenshot(page, 'yomitan-dictionaries-list');
  // The card alone, readable at its size.
  await page.getByTestId('settings-dictionary').screenshot({ path: path.join(SCREENSHOT_DIR, 'yomitan-dictionaries-card.png'), animations: 'disabled' });

  await yomitan.getByTestId('dict-list-up').click();
  await expect(list.getByTestId('dict-list-item').first()).toContainText('Jitendex-like');
  const order = await server.rpc<{ title: string }[]>('dictionary.list');
  expect(order.map((d) => d.title)).toEqual(['Jitendex-like', 'JMdict']);
  await list.getByTestId('dict-list-item').first().getByTestId('dict-list-enabled').click();
  await expect(list.getByTestId('dict-list-item').first()).toHaveAttribute('data-enabled', 'false');
  expect((await server.rpc<{ dictionary: string }[]>('dictionary.lookup', '猫')).map((e) => e.dictionary)).toEqual([]);
});
