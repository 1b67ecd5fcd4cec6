/**
 * Several dictionaries in the browser: a Yomitan dictionary imported in Settings (sent in
 * pieces, with progress), the installed list (switch, order, licence, removal), the popup's
 * pitch graph, JLPT and frequency badges and short part-of-speech tags, a structured-content
 * entry, and a lookup inside the popup opening a nested one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, type Page } from '@playwright/test';
import { expect, screenshot, startServe } from './fixtures';
import { index, richDictionary, zipOf } from '../support/yomitanZip';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

type Server = Awaited<ReturnType<typeof startServe>>;
const FIRST_ANALYSIS_MS = 90_000;
let server: Server;

/** A monolingual dictionary: its glosses are Japanese, with words to look up inside the popup. */
const monolingual = () =>
  zipOf({
    'index.json': index('Kokugo Test', { attribution: 'Kokugo Test © the tests (CC0)' }),
    'term_bank_1.json': JSON.stringify([['見せる', 'みせる', 'v1', 'v1', 5, ['人に見えるようにする。橋の上で絵を見せる。'], 1, '']]),
  });

test.beforeAll(async () => {
  server = await startServe({ OPENROUTER_API_URL: 'http://127.0.0.1:9/api/v1', EDGE_TTS_URL: 'ws://127.0.0.1:9/edge' });
  await server.rpc('settings.set', { uiLocale: 'en', explanationLocale: 'en' });
  const xml = fs.readFileSync(path.join(import.meta.dirname, '../integration/dictionary/fixtures/JMdict_sample.xml'));
  await server.rpc('dictionary.import', { name: 'JMdict_e', dataBase64: xml.toString('base64') });
});
test.afterAll(async () => {
  await server?.stop();
});

async function openApp(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
}

async function openSettings(page: Page) {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const card = page.getByTestId('settings-dictionary');
  await card.scrollIntoViewIfNeeded();
  return card;
}

test('Settings: a Yomitan dictionary is imported, listed with its licence, switched, reordered and removed', async ({ page }) => {
  const card = await openSettings(page);
  const input = card.getByTestId('dict-file');
  await input.setInputFiles({ name: 'rich.zip', mimeType: 'application/zip', buffer: Buffer.from(zipOf(richDictionary())) });
  await expect(card.getByTestId('dict-done')).toHaveText('Added “Rich Test Dictionary”: 5 entries, 9 frequency, pitch or IPA entries, 1 kanji.', { timeout: 30_000 });
  await input.setInputFiles({ name: 'kokugo.zip', mimeType: 'application/zip', buffer: Buffer.from(monolingual()) });
  await expect(card.getByTestId('dict-done')).toContainText('Added “Kokugo Test”', { timeout: 30_000 });

  const rows = card.getByTestId('dict-list-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('JMdict');
  await expect(rows.nth(0)).toContainText('Entries: 15');
  await expect(rows.nth(1)).toContainText('Rich Test Dictionary');
  await expect(rows.nth(1)).toContainText('rev1');
  await expect(rows.nth(1)).toContainText('Entries: 5 · Frequency, pitch and IPA: 9 · Kanji: 1');
  await rows.nth(1).getByText('Licence and source').click();
  await expect(rows.nth(1).getByTestId('dict-attribution')).toHaveText('Rich Test Dictionary © the tests, CC BY-SA 4.0');
  // The shipped data's attribution, in About.
  await expect(page.getByTestId('shipped-data-licence')).toContainText('Uros O.');
  await expect(page.getByTestId('shipped-data-licence')).toContainText('Stephen Kraus');
  await screenshot(page, 'dictionaries-settings-list');

  // Kokugo first, then back: the order is the lookup order.
  await rows.nth(2).getByRole('button', { name: 'Move Kokugo Test up' }).click();
  await expect(rows.nth(1)).toContainText('Kokugo Test');
  expect((await server.rpc<{ title: string }[]>('dictionary.list')).map((d) => d.title)).toEqual(['JMdict', 'Kokugo Test', 'Rich Test Dictionary']);
  await rows.nth(1).getByRole('button', { name: 'Move Kokugo Test down' }).click();
  await expect(rows.nth(2)).toContainText('Kokugo Test');
  // Off: left out of lookups.
  await rows.nth(1).getByTestId('dict-enabled').uncheck();
  await expect(rows.nth(1)).toHaveClass(/off/);
  expect((await server.rpc<{ dictionary: string }[]>('dictionary.lookup', '食べる')).map((e) => e.dictionary)).toEqual(['JMdict']);
  await rows.nth(1).getByTestId('dict-enabled').check();
  await expect(rows.nth(1)).not.toHaveClass(/off/);

  // Removing asks once more.
  const extra = await server.rpc<{ title: string }>('dictionary.import', { name: 'spare.zip', dataBase64: Buffer.from(zipOf({ 'index.json': index('Spare'), 'term_bank_1.json': '[["猫","ねこ","","",0,["cat"],1,""]]' })).toString('base64') });
  expect(extra.title).toBe('Spare');
  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  const spare = card.getByTestId('dict-list-row').filter({ hasText: 'Spare' });
  await spare.getByRole('button', { name: 'Remove Spare' }).click();
  await spare.getByTestId('dict-remove-confirm').click();
  await expect(card.getByTestId('dict-list-row')).toHaveCount(3);
});

test('a damaged zip is refused with its reason, the dictionaries stay', async ({ page }) => {
  const card = await openSettings(page);
  const broken = { ...richDictionary('Broken'), 'term_bank_2.json': '[["走る", "はしる", "v5", "v5", 3, ["to run"], 5, ""], {oops' };
  await card.getByTestId('dict-file').setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: Buffer.from(zipOf(broken)) });
  const error = card.getByTestId('dict-error');
  await expect(error).toContainText('A part of this Yomitan dictionary is damaged', { timeout: 30_000 });
  await expect(error).toContainText('term_bank_2.json is damaged');
  await expect(card.getByTestId('dict-list-row')).toHaveCount(3);
  await screenshot(page, 'dictionaries-damaged-zip');
});

/** Analyses a sentence and gives the box of one of its words. */
async function analysedWord(page: Page, text: string, word: RegExp) {
  await openApp(page);
  await page.getByRole('textbox', { name: 'Japanese text' }).fill(text);
  await page.getByTestId('analyze').click();
  const w = page.getByRole('button', { name: word }).first();
  await expect(w).toBeVisible({ timeout: FIRST_ANALYSIS_MS });
  return (await w.boundingBox())!;
}

test('the popup: pitch graph, JLPT and frequency badges, short part-of-speech tags, the rich entry below JMdict’s', async ({ page }) => {
  const box = await analysedWord(page, '箸で食べた。', /^食べ/);
  await page.keyboard.down('Shift');
  await page.mouse.move(box.x + 4, box.y + box.height - 6);
  const popup = page.getByTestId('dict-popup');
  await expect(popup).toBeVisible();
  const head = popup.getByTestId('dict-entry').first();
  // Kanjium's accent of たべる: [2], nakadaka, as a graph over the kana.
  const pitch = head.getByTestId('dict-pitch').first();
  await expect(pitch).toHaveAttribute('data-downstep', '2');
  await expect(pitch).toContainText('[2]');
  await expect(pitch).toHaveAttribute('title', /nakadaka/);
  await expect(pitch.locator('svg circle')).toHaveCount(4);
  await expect(head.getByTestId('dict-jlpt')).toHaveText('N5unofficial');
  await expect(head.getByTestId('dict-jlpt')).toHaveAttribute('title', /unofficial list/);
  await expect(head.getByTestId('dict-freq').first()).toHaveAttribute('data-dictionary', 'Rich Test Dictionary');
  // Short labels, the full name on hover.
  const pos = head.getByTestId('dict-pos').first();
  await expect(pos).toHaveText('ichidan');
  await expect(pos).toHaveAttribute('title', 'Ichidan verb');
  // JMdict's entry, then the Yomitan dictionary's under the same headword.
  await expect(head.getByTestId('dict-source-entry')).toHaveCount(3);
  await expect(head.getByTestId('dict-source-entry').nth(1)).toHaveAttribute('data-dictionary', 'Rich Test Dictionary');
  await screenshot(page, 'dictionary-popup-pitch-jlpt');
  await page.keyboard.up('Shift');
  await page.mouse.move(5, 5);
  await expect(popup).toBeHidden();

  // 箸: no frequency list for it but JMdict's band, shown as stars.
  const chopsticks = (await page.getByRole('button', { name: /^箸/ }).first().boundingBox())!;
  await page.keyboard.down('Shift');
  await page.mouse.move(chopsticks.x + 4, chopsticks.y + chopsticks.height - 6);
  const band = popup.getByTestId('dict-freq').filter({ has: page.locator('.dict-freq-dim') });
  await expect(popup.getByTestId('dict-pitch').first()).toHaveAttribute('data-downstep', '1');
  await expect(band.first()).toHaveAttribute('data-dictionary', 'JMdict');
  await page.keyboard.up('Shift');
});

test('a structured-content entry: lists, a table, ruby and an image from the zip, made by the app’s whitelist', async ({ page }) => {
  const box = await analysedWord(page, '食べる。', /^食べる/);
  await page.keyboard.down('Shift');
  await page.mouse.move(box.x + 4, box.y + box.height - 6);
  const popup = page.getByTestId('dict-popup');
  const rich = popup.getByTestId('dict-rich').first();
  await expect(rich).toBeVisible();
  await expect(rich.locator('ul[data-sc-content="glossary"] li')).toHaveText(['to eat', 'to live on (a salary)']);
  await expect(rich.locator('ruby rt')).toHaveText('あさ');
  await expect(rich.locator('td')).toHaveAttribute('colspan', '2');
  await expect(rich.locator('span.sc-span').first()).toHaveCSS('font-weight', '700');
  await expect(rich.getByTestId('sc-image')).toHaveAttribute('src', /^blob:/);
  // The link is text; the script never became one.
  await expect(rich.locator('a')).toHaveCount(0);
  await expect(rich.locator('script')).toHaveCount(0);
  await screenshot(page, 'dictionary-structured-content');
  await page.keyboard.up('Shift');
});

test('looking up a word inside the popup opens a nested popup, and Esc closes the deepest first', async ({ page }) => {
  // Kokugo first: its Japanese gloss opens the popup.
  const list = await server.rpc<{ id: string; title: string }[]>('dictionary.list');
  const ids = list.map((d) => d.id);
  const kokugo = list.find((d) => d.title === 'Kokugo Test')!.id;
  await server.rpc('dictionary.reorder', [kokugo, ...ids.filter((i) => i !== kokugo)]);
  const box = await analysedWord(page, '絵を見せた。', /^見せ/);
  await page.keyboard.down('Shift');
  await page.mouse.move(box.x + 4, box.y + box.height - 6);
  const first = page.locator('[data-testid="dict-popup"][data-level="0"]');
  await expect(first).toContainText('橋の上で絵を見せる');
  await page.keyboard.up('Shift');
  // Into the popup without the key (it stays), then the key over 橋 in its gloss.
  const gloss = first.getByText('人に見えるようにする。橋の上で絵を見せる。');
  const g = (await gloss.boundingBox())!;
  const text = await gloss.textContent();
  const at = text!.indexOf('橋');
  // The gloss is on one line in the popup: 橋's place from its offset.
  const charWidth = g.width / text!.length;
  await page.mouse.move(g.x + charWidth * (at + 0.5), g.y + g.height / 2, { steps: 4 });
  await expect(first).toBeVisible();
  await page.keyboard.down('Shift');
  const nested = page.locator('[data-testid="dict-popup"][data-level="1"]');
  await expect(nested).toContainText('bridge');
  await expect(first).toBeVisible();
  await screenshot(page, 'dictionary-nested-popup');
  await page.keyboard.up('Shift');
  await page.keyboard.press('Escape');
  await expect(nested).toHaveCount(0);
  await expect(first).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(first).toHaveCount(0);
});
