/**
 * The offline dictionary in the browser, with no key: download from a faked EDRDG with
 * progress, the word panel's meanings, the KANJIDIC card, and the hover popup (pasted text, daily sentence).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { BACKUP_SENTENCES } from '../../shared/backupSentences';
import { japanDate } from '../../electron/core/daily/japanDate';
import { DATABASE_FILE } from '../../electron/core/store/database';
import { startFakeEdrdg, type FakeEdrdg } from '../fakes/edrdg';
import { expect, screenshot, startServe } from './fixtures';
import { hoverUntilOpen } from './support/hover';
import { test } from '@playwright/test';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

type Server = Awaited<ReturnType<typeof startServe>>;
const FIRST_ANALYSIS_MS = 90_000;
let server: Server;
let edrdg: FakeEdrdg;

test.beforeAll(async () => {
  // Each file is held after its first piece until the test has seen its progress: a loaded machine
  // cannot finish a download before the test looks.
  edrdg = await startFakeEdrdg({ pieces: 10, pieceDelayMs: 50, hold: ['/JMdict_e.gz', '/kanjidic2.xml.gz'] });
  server = await startServe({ OPENROUTER_API_URL: 'http://127.0.0.1:9/api/v1', EDGE_TTS_URL: 'ws://127.0.0.1:9/edge', YOMIMONO_DICTIONARY_URL: edrdg.url });
  await server.rpc('settings.set', { uiLocale: 'en', explanationLocale: 'zh-CN' });
});
test.afterAll(async () => {
  await server?.stop();
  await edrdg?.close();
});

async function openApp(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
}

/** One item of a look-ahead call, as `dictionary.lookupMany` takes it. */
type AheadItem = { text: string; firstWord?: { word: string; lemma: string } | null };

/**
 * The page's dictionary calls: single lookups as they are asked (a hover not looked up ahead), and
 * the look-ahead's calls once answered (a hover while the call is on its way asks for itself).
 */
function watchLookups(page: Page): { lookups: string[]; ahead: AheadItem[][] } {
  const lookups: string[] = [];
  const ahead: AheadItem[][] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/rpc/dictionary.lookup')) lookups.push(r.postData() ?? '');
  });
  page.on('requestfinished', (r) => {
    if (r.url().endsWith('/rpc/dictionary.lookupMany')) ahead.push((JSON.parse(r.postData() ?? '[[]]') as [AheadItem[]])[0]);
  });
  return { lookups, ahead };
}

test('Settings → Offline dictionary downloads JMdict and KANJIDIC2 with progress', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const card = page.getByTestId('settings-dictionary');
  await expect(card.getByTestId('dict-status')).toHaveText('Not installed.');
  await card.getByRole('button', { name: 'Download from EDRDG' }).click();
  const progress = card.getByTestId('dict-progress');
  await expect(progress).toContainText(/Downloading JMdict_e\.gz: [\d.]+ (B|KB) of [\d.]+ (B|KB)/);
  await expect(progress.getByRole('progressbar', { name: 'Dictionary progress' })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'dictionary-download-progress');
  edrdg.release('/JMdict_e.gz');
  await expect(progress).toContainText(/Downloading kanjidic2\.xml\.gz: [\d.]+ (B|KB) of [\d.]+ (B|KB)/, { timeout: 20_000 });
  edrdg.release('/kanjidic2.xml.gz');
  await expect(card.getByTestId('dict-done')).toHaveText('Dictionary ready: 15 entries, 2 kanji.', { timeout: 20_000 });
  await expect(card.getByTestId('dict-status')).toContainText('Edition 2024-05-01 · 15 entries · 2 kanji');
  expect(edrdg.requests).toEqual(['/JMdict_e.gz', '/kanjidic2.xml.gz']);
  // The licence attribution, in Settings and in the About box.
  await expect(page.getByTestId('about-box').getByRole('link', { name: 'EDRDG licence' })).toHaveAttribute('href', 'https://www.edrdg.org/edrdg/licence.html');
  await expect(card.getByTestId('edrdg-licence')).toContainText('CC BY-SA 4.0');
  await screenshot(page, 'dictionary-settings');
});

test('no key: the word panel shows the dictionary entries; a kanji opens its card', async ({ page }) => {
  await openApp(page);
  await page.getByRole('textbox', { name: 'Japanese text' }).fill('橋で食べられなかった。');
  await page.getByTestId('analyze').click();
  await page.getByRole('button', { name: /^食べ/ }).click({ timeout: FIRST_ANALYSIS_MS });
  const panel = page.getByTestId('detail-panel');
  const entry = panel.getByTestId('dict-entry').first();
  await expect(entry).toHaveAttribute('data-entry-id', '1358280');
  await expect(entry).toContainText('to eat');
  // The part of speech as a short tag, its full name on hover.
  const v1 = entry.getByTestId('dict-pos').filter({ hasText: 'ichidan' }).first();
  await expect(v1).toHaveAttribute('title', /Ichidan verb/);
  await expect(entry.getByTestId('dict-common')).toHaveText('common');
  await expect(entry.getByTestId('dict-inflection')).toHaveText('食べる — potential or passive › negative › past');
  // The learner reads Chinese: JMdict's English is labelled as such.
  await expect(panel.getByText('English meanings (JMdict; the dictionary has none in your language)')).toBeVisible();
  await expect(panel.getByTestId('detail-offline')).toBeVisible();
  await screenshot(page, 'dictionary-word-panel');

  await page.getByRole('button', { name: /^橋/ }).first().click();
  const bridge = panel.getByTestId('dict-entry').first();
  await expect(bridge).toContainText('bridge');
  await bridge.getByTestId('kanji-link').first().click();
  const kanji = page.getByTestId('kanji-card');
  await expect(kanji).toContainText('Strokes: 16');
  await expect(kanji).toContainText('bridge');
  await expect(kanji).toContainText('キョウ');
  await screenshot(page, 'dictionary-kanji-card');
  await page.keyboard.press('Escape');
  await expect(kanji).toBeHidden();
  await expect(panel).toBeVisible();
  // The panel's own heading: its kanji opens the card too.
  const heading = panel.locator('#detail-heading');
  const hb = (await heading.boundingBox())!;
  await page.mouse.click(hb.x + 12, hb.y + hb.height - 14);
  await expect(kanji).toContainText('Strokes: 16');
  await page.keyboard.press('Escape');
});

/** Opens the app, analyses a sentence and gives the box of its word 見せ(てくれる). */
async function analysedWordBox(page: Page) {
  await openApp(page);
  await page.getByRole('textbox', { name: 'Japanese text' }).fill('今日は橋を見せてくれる。');
  await page.getByTestId('analyze').click();
  const word = page.getByRole('button', { name: /^見せ/ });
  await expect(word).toBeVisible({ timeout: FIRST_ANALYSIS_MS });
  return (await word.boundingBox())!;
}

test('hovering a word with Shift shows a popup with its top entries', async ({ page }) => {
  const { ahead } = watchLookups(page);
  const box = await analysedWordBox(page);
  // Without the key: nothing — checked once the word's entries are in the page (looked up ahead), so a
  // popup that showed without the key would be drawn in the move's own frame, not after some wait.
  await expect.poll(() => ahead.some((c) => c.some((i) => i.text === '見せてくれる。'))).toBe(true);
  await page.mouse.move(box.x + 4, box.y + box.height - 6);
  // The move's frame, and the resting lookup's (60 ms) with two frames after it.
  await page.evaluate(() => new Promise((r) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(r)), 120)));
  await expect(page.getByTestId('dict-popup')).toHaveCount(0);
  await page.keyboard.down('Shift');
  const popup = page.getByTestId('dict-popup');
  // A line arriving above the word (the coverage line) may have moved it since it was measured.
  await hoverUntilOpen(page, page.getByRole('button', { name: /^見せ/ }), popup);
  await expect(popup.getByTestId('dict-entry').first()).toHaveAttribute('data-entry-id', '1259290');
  await expect(popup).toContainText('to show');
  // How 見せてくれる was reached, in the learner's language.
  await expect(popup.getByTestId('dict-inflection').first()).toHaveText('見せる — te-form › -te kureru (for me)');
  await screenshot(page, 'dictionary-hover-popup');
  await page.keyboard.up('Shift');
  await page.mouse.move(5, 5);
  await expect(popup).toBeHidden();
});

test("the reader's words on screen are looked up ahead from every character, in a few calls: a hover on one needs no further lookup", async ({ page }) => {
  const { lookups, ahead } = watchLookups(page);
  await analysedWordBox(page);
  // A few calls: from the words' first characters, then (after the other text on screen) from their
  // second characters, then from their later ones.
  const callWith = (item: AheadItem) => ahead.findIndex((c) => c.some((i) => JSON.stringify(i) === JSON.stringify(item)));
  // くれる's third character, the last kind asked.
  await expect.poll(() => callWith({ text: 'る。', firstWord: null })).toBeGreaterThan(0);
  // From each word's first character, with the reader's own dictionary form: the core does not ask the analyzer again.
  const first = callWith({ text: '見せてくれる。', firstWord: { word: '見せ', lemma: '見せる' } });
  expect(first).toBeGreaterThanOrEqual(0);
  expect(ahead[first]!.map((i) => i.text)).toContain('今日は橋を見せてくれる。');
  // Inside a word no word of the analysis starts (null), as a hover there tells the core.
  const second = callWith({ text: 'せてくれる。', firstWord: null });
  expect(second).toBeGreaterThan(first);
  expect(callWith({ text: 'る。', firstWord: null })).toBeGreaterThan(second);
  // One-character words (は, を) give nothing more.
  expect(ahead.flat().some((i) => i.text === 'を見せてくれる。' && i.firstWord === null)).toBe(false);
  expect(ahead.length).toBeLessThanOrEqual(5);
  await page.keyboard.down('Shift');
  const popup = page.getByTestId('dict-popup');
  const word = page.getByRole('button', { name: /^見せ/ });
  await hoverUntilOpen(page, word, popup, { x: 4, fromBottom: 6 });
  await expect(popup.getByTestId('dict-entry').first()).toHaveAttribute('data-entry-id', '1259290');
  // Measured again: a line arriving above the word may have moved it.
  const at = (await word.boundingBox())!;
  // The word's second character: looked up ahead too. Nothing in the dictionary starts with
  // せてくれる, so the popup goes (the hover there was answered, from what was looked up ahead).
  await page.mouse.move(at.x + at.width * 0.75, at.y + at.height - 6);
  await expect(popup).toHaveCount(0);
  expect(lookups).toEqual([]);
  await page.keyboard.up('Shift');
});

test('the hover popup works on the daily sentence too, looked up ahead like all text on screen', async ({ page }) => {
  // No key: the core answers with a built-in sentence chosen by the server's date. Today's is made the built-in one
  // with コーヒー: stored for today under another model's name, it is what the core falls back to when it cannot ask one.
  const coffee = BACKUP_SENTENCES.find((b) => b.text.includes('コーヒー'))!;
  const { id: _id, ...sentence } = coffee;
  const db = new Database(path.join(server.dataDir, DATABASE_FILE));
  db.prepare('INSERT OR REPLACE INTO daily_sentences (date, variant, json, created_at) VALUES (?, ?, ?, ?)').run(japanDate(Date.now()), 'another model', JSON.stringify({ ...sentence, date: japanDate(Date.now()) }), Date.now());
  db.close();
  const { lookups, ahead } = watchLookups(page);
  await openApp(page);
  const daily = page.getByTestId('daily-card');
  const word = daily.getByText('コーヒー', { exact: true });
  await expect(word).toBeVisible();
  // Without the welcome card the daily card is in view with room below it for the popup.
  // By the keyboard: a pointer left resting on the button's text while the card goes would look that text up.
  await page.getByRole('button', { name: 'Got it' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Got it' })).toHaveCount(0);
  const box = (await word.boundingBox())!;
  // Looked up ahead from each of its characters, as a hover there would ask (no first word: not the reader's text).
  await expect.poll(() => ahead.flat().some((i) => i.text.startsWith('コーヒー') && !('firstWord' in i))).toBe(true);
  // The page files the answer a moment after it arrives.
  await page.waitForTimeout(100);
  expect(ahead.flat().some((i) => i.text.startsWith('ーヒー'))).toBe(true);
  await page.keyboard.down('Shift');
  await page.mouse.move(box.x + 4, box.y + box.height - 6);
  const popup = page.getByTestId('dict-popup');
  await expect(popup).toBeVisible();
  await expect(popup).toHaveAttribute('aria-label', 'Dictionary entries for コーヒー');
  await expect(popup.getByTestId('dict-entry').first()).toContainText('coffee');
  // Beside the word, never covering it: below when there is room, above otherwise (the welcome offers above the daily
  // card decide where it sits; the window's bottom edge is tried on its own below).
  const shown = (await popup.boundingBox())!;
  expect(shown.y >= box.y + box.height - 2 || shown.y + shown.height <= box.y + 1).toBe(true);
  await screenshot(page, 'dictionary-hover-daily');
  await page.keyboard.up('Shift');
  await page.mouse.move(5, 5);
  await expect(popup).toBeHidden();
  // The pointer resting on the word, then the key: nothing more to ask either.
  await page.mouse.move(box.x + 4, box.y + box.height - 6);
  await page.waitForTimeout(150);
  await page.keyboard.down('Shift');
  await expect(popup).toHaveAttribute('aria-label', 'Dictionary entries for コーヒー');
  expect(lookups).toEqual([]);
  await page.keyboard.up('Shift');
  await page.mouse.move(5, 5);
  await expect(popup).toBeHidden();
  // A word near the bottom of the window: the popup goes above it, whole, by its measured height.
  const width = page.viewportSize()!.width;
  await page.setViewportSize({ width, height: Math.ceil(box.y + box.height + 40) });
  const low = (await word.boundingBox())!;
  expect(page.viewportSize()!.height - (low.y + low.height)).toBeLessThan(120);
  await page.keyboard.down('Shift');
  await page.mouse.move(low.x + 4, low.y + low.height - 6);
  await expect(popup).toHaveAttribute('aria-label', 'Dictionary entries for コーヒー');
  const above = (await popup.boundingBox())!;
  expect(above.y + above.height).toBeLessThanOrEqual(low.y + 1);
  expect(above.y).toBeGreaterThanOrEqual(0);
  await screenshot(page, 'dictionary-hover-above');
  await page.keyboard.up('Shift');
  await page.mouse.move(5, 5);
  await expect(popup).toBeHidden();
});

test('the hover popup works on a book page in both writing modes, looked up ahead like all text on screen', async ({ page }) => {
  await server.rpc('books.import', { name: 'hover.txt', dataBase64: Buffer.from('今日は東京大学に行く。\n\n橋を見せてくれる。\n').toString('base64') });
  const { lookups, ahead } = watchLookups(page);
  for (const mode of ['horizontal', 'vertical'] as const) {
    // A fresh page each time: nothing looked up yet.
    ahead.length = 0;
    await page.addInitScript((m) => localStorage.setItem('yomimono.books.layout', JSON.stringify({ mode: m, fontSize: 22, lineHeight: 1.9 })), mode);
    await openApp(page);
    await page.getByTestId('nav-books').click();
    await page.getByTestId('book-card').first().getByRole('button').first().click();
    await expect(page.getByTestId('book-reader')).toHaveAttribute('data-mode', mode);
    // The middle of 東 in the page (its furigana skipped), once the page has its words.
    await expect(page.locator('.book-paragraph rt').first()).toBeAttached({ timeout: FIRST_ANALYSIS_MS });
    const at = await page.locator('.book-paragraph').first().evaluate((p) => {
      const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT, { acceptNode: (n) => (n.parentElement?.closest('rt') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT) });
      for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
        const i = n.data.indexOf('東');
        if (i < 0) continue;
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        const b = r.getBoundingClientRect();
        return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
      }
      return null;
    });
    expect(at).not.toBeNull();
    await expect.poll(() => ahead.flat().some((i) => i.text.startsWith('東京大学に行く'))).toBe(true);
    // The page files the answer a moment after it arrives.
    await page.waitForTimeout(100);
    // (The pointer left resting on the page by the click that opened the book may have asked for its text: not counted.)
    lookups.length = 0;
    await page.keyboard.down('Shift');
    await page.mouse.move(at!.x, at!.y);
    const popup = page.getByTestId('dict-popup');
    // The longest match from the pointer: the compound, though the analyzer may split it.
    await expect(popup).toHaveAttribute('aria-label', 'Dictionary entries for 東京大学');
    await expect(popup.getByTestId('dict-entry').first()).toContainText('University of Tokyo');
    // Beside the word, not over it: below the line, or left of the vertical column (where the text goes on).
    const placed = (await popup.boundingBox())!;
    if (mode === 'vertical') expect(placed.x + placed.width).toBeLessThan(at!.x);
    else expect(placed.y).toBeGreaterThan(at!.y);
    await screenshot(page, `dictionary-hover-book-${mode}`);
    await page.keyboard.up('Shift');
    await page.mouse.move(5, 5);
    await expect(popup).toBeHidden();
    expect(lookups).toEqual([]);
  }
});

test('Import a file: a bad file is refused in the UI language and changes nothing; a KANJIDIC2 file is imported', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const card = page.getByTestId('settings-dictionary');
  await expect(card.getByTestId('dict-status')).toContainText('15 entries · 2 kanji');
  await card.getByTestId('dict-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some notes, not a dictionary\n') });
  const error = card.getByTestId('dict-error');
  await expect(error).toContainText('This file is not a JMdict, KANJIDIC2, EDICT or KANJIDIC dictionary. Nothing was changed.');
  await expect(card.getByTestId('dict-status')).toContainText('15 entries · 2 kanji');
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'dictionary-import-refused');

  await card.getByTestId('dict-file').setInputFiles(path.join(import.meta.dirname, '../integration/dictionary/fixtures/kanjidic2_sample.xml'));
  await expect(card.getByTestId('dict-done')).toHaveText('Dictionary ready: 15 entries, 2 kanji.');
  await expect(error).toBeHidden();
});

test('a dictionary file of another version: Settings says to import it again', async ({ page }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yomimono-e2e-olddict-'));
  const old = new Database(path.join(dataDir, 'dictionary.db'));
  old.exec('CREATE TABLE entries (id INTEGER PRIMARY KEY, body TEXT)');
  old.pragma('user_version = 99');
  old.close();
  const second = await startServe({ APP_DATA_DIR: dataDir, OPENROUTER_API_URL: 'http://127.0.0.1:9/api/v1', EDGE_TTS_URL: 'ws://127.0.0.1:9/edge' });
  try {
    expect(await second.rpc('dictionary.status')).toMatchObject({ state: 'outdated', entries: 0 });
    await second.rpc('settings.set', { uiLocale: 'en' });
    await page.goto(second.url);
    await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Settings' }).click();
    const status = page.getByTestId('settings-dictionary').getByTestId('dict-status');
    await expect(status).toHaveAttribute('data-state', 'outdated');
    await expect(status).toHaveText('The dictionary was made by another version of Yomimono and cannot be read: download or import it again.');
    await status.scrollIntoViewIfNeeded();
    await screenshot(page, 'dictionary-outdated');
    // The word panel says the same, not "no dictionary yet".
    await page.goto(second.url);
    await page.getByRole('textbox', { name: 'Japanese text' }).fill('橋を渡る。');
    await page.getByTestId('analyze').click();
    await page.getByRole('button', { name: /^橋/ }).click({ timeout: FIRST_ANALYSIS_MS });
    await expect(page.getByTestId('detail-panel').getByTestId('dict-missing')).toHaveText(
      'The offline dictionary must be downloaded or imported again (Settings → Offline dictionary).',
    );
  } finally {
    await second.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
