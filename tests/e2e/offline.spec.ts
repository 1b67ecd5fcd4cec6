/**
 * Offline first in browser mode: a first launch without a key segments with
 * furigana; history search and reopening work with the upstreams stopped (the
 * analysis, translation, explanations and audio come from SQLite); a review
 * session runs offline; cards export as CSV and to a fake AnkiConnect; backups.
 * The reader page is another feature's: it is driven through labels and roles.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import type { ReviewCard } from '../../shared/contract/review';
import { startFakeAnkiConnect, type FakeAnkiConnect } from '../fakes/ankiConnect';
import { startFakeEdgeTts, type FakeEdgeTts } from '../fakes/edgeTts';
import { startFakeGateway, type FakeGateway } from '../fakes/gateway';
import { modelReply } from '../fakes/modelReplies';
import { expect, screenshot, startServe, test } from './fixtures';
import { toneWav } from './support/images';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

type Server = Awaited<ReturnType<typeof startServe>>;
const TEXT = '吾輩は猫である。\n名前はまだ無い。';
const FIRST_ANALYSIS_MS = 90_000; // the analyzer's dictionary loads on the first analysis

async function openApp(page: Page, server: Server): Promise<void> {
  await page.goto(server.url);
  await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
}

async function analyse(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Japanese text' }).fill(text);
  await page.getByTestId('analyze').click();
}

/** Waits for the next `tts.speak` (or `review.audio`) answer and says whether it came from the audio cache. */
async function speakAnswer(page: Page, trigger: () => Promise<void>, method = 'tts.speak'): Promise<{ cached: boolean }> {
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith(`/rpc/${method}`)), trigger()]);
  expect(response.status()).toBe(200);
  return (await response.json()) as { cached: boolean };
}

test.describe('first launch without a key', () => {
  let server: Server;
  test.beforeAll(async () => {
    server = await startServe({ OPENROUTER_API_URL: 'http://127.0.0.1:9/api/v1', EDGE_TTS_URL: 'ws://127.0.0.1:9/edge' });
    await server.rpc('settings.set', { uiLocale: 'en', explanationLocale: 'en' });
  });
  test.afterAll(async () => server?.stop());

  test('analyses offline with furigana; the text is in history', async ({ page }) => {
    await openApp(page, server);
    await analyse(page, TEXT);
    const cat = page.getByRole('button', { name: '猫 (ねこ)' });
    await expect(cat).toBeVisible({ timeout: FIRST_ANALYSIS_MS });
    await expect(cat.locator('rt')).toHaveText('ねこ');
    await expect(page.getByRole('button', { name: '名前 (なまえ)' }).locator('rt')).toHaveText('なまえ');
    await screenshot(page, 'offline-first-launch');

    await page.getByTestId('nav-history').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('History');
    const item = page.getByTestId('history-item').filter({ hasText: '吾輩は猫である。' });
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId('history-created')).toContainText('Created');
    await item.click();
    const doc = page.getByTestId('history-document');
    await expect(doc.locator('rt', { hasText: 'ねこ' })).toBeVisible();
    await expect(page.getByTestId('history-analysis-source')).toHaveText('Offline analysis');
    await screenshot(page, 'history-offline');
  });

  test('stars a word and reviews it with no key and no network', async ({ page }) => {
    await openApp(page, server);
    await analyse(page, TEXT);
    await page.getByRole('button', { name: '猫 (ねこ)' }).click({ timeout: FIRST_ANALYSIS_MS });
    const star = page.getByRole('button', { name: 'Save for review' });
    await star.click();
    await expect(page.getByRole('button', { name: 'Saved for review' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByTestId('nav-review').click();
    const card = page.getByTestId('review-card');
    await expect(card).toBeVisible();
    await expect(page.getByTestId('review-sentence')).toContainText('吾輩は猫である');
    await expect(card.locator('rt')).toHaveCount(0); // no furigana before the answer
    await page.keyboard.press('Space');
    await expect(page.getByTestId('review-reading')).toHaveText('ねこ');
    await screenshot(page, 'review-offline-revealed');
    await page.keyboard.press('3');
    await expect(page.getByTestId('review-done')).toBeVisible();
    await expect(page.getByTestId('review-stat-today').locator('dd')).toHaveText('1');
    await expect(page.getByTestId('review-stat-streak').locator('dd')).toHaveText('1');
  });

  test('stars a sentence and reviews it with furigana revealed, offline', async ({ page }) => {
    await openApp(page, server);
    await analyse(page, TEXT);
    await page.getByRole('button', { name: '猫 (ねこ)' }).click({ timeout: FIRST_ANALYSIS_MS });
    await page.getByRole('button', { name: 'Save this sentence for review' }).click();
    await expect(page.getByTestId('sentence-star')).toHaveAttribute('aria-pressed', 'true');

    await page.getByTestId('nav-review').click();
    const card = page.getByTestId('review-card');
    await expect(card).toBeVisible();
    await expect(card.locator('.card-kicker')).toHaveText('Sentence');
    await expect(page.getByTestId('review-sentence')).toHaveText('吾輩は猫である。');
    await expect(card.locator('rt')).toHaveCount(0);
    await page.keyboard.press('Space');
    // The offline analyzer gives the readings (no key, no network).
    await expect(page.getByTestId('review-furigana').locator('rt', { hasText: 'ねこ' })).toBeVisible();
    await screenshot(page, 'review-sentence-offline');
    await page.keyboard.press('3');
    await expect(page.getByTestId('review-done')).toBeVisible();
  });
});

test.describe('with a key, then with the upstreams stopped', () => {
  let server: Server;
  let gw: FakeGateway;
  let edge: FakeEdgeTts;
  let anki: FakeAnkiConnect;
  const KEY = 'sk-or-v1-offline-e2e';

  test.beforeAll(async () => {
    gw = await startFakeGateway({ keys: [{ key: KEY }], reply: modelReply, chunkChars: 16 });
    edge = await startFakeEdgeTts({ audio: toneWav() });
    anki = await startFakeAnkiConnect();
    server = await startServe({ OPENROUTER_API_URL: gw.baseUrl, OPENROUTER_API_KEY: KEY, EDGE_TTS_URL: edge.url, ANKICONNECT_URL: anki.url });
    await server.rpc('settings.set', { uiLocale: 'en', explanationLocale: 'en' });
  });
  test.afterAll(async () => {
    await server?.stop();
    await Promise.allSettled([gw?.close(), edge?.close(), anki?.close()]);
  });

  test('reads online once; history search and reopen work with the upstreams stopped', async ({ page }) => {
    await openApp(page, server);
    await analyse(page, TEXT);
    const translation = page.getByTestId('translation-card');
    await expect(translation).toContainText('[English] 吾輩は猫である。', { timeout: FIRST_ANALYSIS_MS });
    // Look a word up (the model explains it) and star it.
    await page.getByRole('button', { name: /^猫/ }).first().click();
    await expect(page.getByText('meaning of 猫')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Save for review' }).click();
    await expect(page.getByRole('button', { name: 'Saved for review' })).toBeVisible();
    // Audio heard once is cached: the card's sentence, and the document read aloud from history.
    const { cards } = await server.rpc<{ cards: ReviewCard[] }>('review.cards');
    expect(cards).toHaveLength(1);
    await server.rpc('tts.speak', { text: cards[0]!.sentence });
    await page.getByTestId('nav-history').click();
    await page.getByTestId('history-item').filter({ hasText: '吾輩は猫である。' }).click();
    expect((await speakAnswer(page, () => page.getByTestId('history-play').click())).cached).toBe(false);
    // The tone lasts seconds: stop it, or the next click on this button would be a stop, not a request.
    await expect(page.getByTestId('history-play')).toHaveText('Stop');
    await page.getByTestId('history-play').click();
    await expect(page.getByTestId('history-play')).toHaveText('Read aloud');
    await page.getByRole('button', { name: 'Close' }).click();

    await Promise.all([gw.close(), edge.close()]);

    const search = page.getByTestId('history-search');
    await search.fill('名前はまだ'); // FTS trigram: a Japanese substring
    await expect(page.getByTestId('history-item')).toHaveCount(1);
    await search.fill('猫'); // one character: the LIKE fallback
    await expect(page.getByTestId('history-item')).toHaveCount(1);
    await search.fill('English'); // translations are searched too
    await expect(page.getByTestId('history-item')).toHaveCount(1);
    await expect(page.getByTestId('history-item').locator('mark')).toHaveText('English');
    await search.fill('存在しない文');
    await expect(page.getByTestId('history-empty')).toBeVisible();
    await search.fill('');
    await page.getByTestId('history-item').filter({ hasText: '吾輩は猫である。' }).click();

    const doc = page.getByTestId('history-document');
    await expect(doc.locator('rt').first()).toBeVisible();
    await expect(page.getByTestId('history-analysis-source')).toHaveText('Model analysis');
    await expect(page.getByTestId('history-translation')).toContainText('[English] 名前はまだ無い。');
    await expect(page.getByTestId('history-details')).toContainText('meaning of 猫');
    expect((await speakAnswer(page, () => page.getByTestId('history-play').click())).cached).toBe(true);
    await screenshot(page, 'history-reopened-offline');

    // In the reader: the analysis and the translation come from the cache.
    await page.getByTestId('history-open-reader').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Read Japanese');
    await expect(page.locator('main rt').first()).toBeVisible();
    await expect(page.getByTestId('translation-card')).toContainText('[English] 名前はまだ無い。');
    // From the cache: the reader offers to ask the model again (refresh).
    await expect(page.getByRole('button', { name: 'Ask the model again' })).toBeVisible();
    await page.getByRole('button', { name: /^猫/ }).first().click();
    await expect(page.getByText('meaning of 猫')).toBeVisible();
    await screenshot(page, 'reader-reopened-offline');
  });

  test('a review session plays the cached audio, then the cards export as CSV and to Anki (one path: rich notes)', async ({ page }) => {
    await openApp(page, server);
    await page.getByTestId('nav-review').click();
    const card = page.getByTestId('review-card');
    await expect(card).toBeVisible();
    await expect(card.locator('rt')).toHaveCount(0);
    await page.getByTestId('review-show').click();
    await expect(page.getByTestId('review-meaning')).toContainText('meaning of 猫');
    expect((await speakAnswer(page, () => page.getByTestId('review-play').click(), 'review.audio')).cached).toBe(true);
    await expect(page.getByTestId('review-grade-4')).toContainText(/\d+ (d|mo)/);
    await screenshot(page, 'review-session');
    await page.getByTestId('review-grade-4').click();
    await expect(page.getByTestId('review-done')).toBeVisible();
    await expect(page.getByTestId('review-stat-today').locator('dd')).toHaveText('1');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^yomimono-cards-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString('utf8');
    expect(csv).toContain('kind,word,reading,form,meaning,part_of_speech,explanation,sentence,sentence_marked,translation,source,notes,pitch,frequency,jlpt,');
    expect(csv).toContain('meaning of 猫');

    // One path to Anki: the rich notes (the sentence's audio from the cache).
    await page.getByTestId('anki-rich-export-run').click();
    await expect(page.getByTestId('anki-summary')).toContainText('1 added, 0 updated, 0 skipped.');
    expect(anki.notes).toHaveLength(1);
    expect(anki.notes[0]!.fields.SentenceAudio).toMatch(/^\[sound:yomimono-[0-9a-f]+\.\w+\]$/);
    await expect(page.getByTestId('export-anki')).toHaveCount(0);
    await anki.close();
    await page.getByTestId('anki-rich-export-run').click();
    await expect(page.getByTestId('anki-rich-error')).toContainText('Anki is not running');
    await screenshot(page, 'review-export');
  });

  test('settings show the caches per kind, and a backup restores', async ({ page }) => {
    await openApp(page, server);
    await page.getByRole('button', { name: 'Settings' }).click();
    const data = page.getByTestId('settings-offline-data');
    await data.scrollIntoViewIfNeeded();
    await expect(page.getByTestId('cache-row-analysis').locator('td').first()).toHaveText('1');
    await expect(page.getByTestId('cache-row-audio').locator('td').first()).toHaveText('2');
    await page.getByTestId('backup-now').click();
    await expect(page.getByTestId('offline-data-message')).toContainText('backups');
    await expect(page.getByTestId('backup-list').locator('li')).toHaveCount(1);
    await page.getByTestId('cache-row-translation').getByRole('button').click();
    await expect(page.getByTestId('cache-row-translation').locator('td').first()).toHaveText('0');
    await page.getByTestId('restore').click();
    await page.getByTestId('restore-confirm').click();
    await expect(page.getByTestId('offline-data-message')).toContainText(/Restored: \d+ documents, 1 cards/);
    await expect(page.getByTestId('cache-row-translation').locator('td').first()).not.toHaveText('0');
    await screenshot(page, 'settings-offline-data');

    // Both themes: the pages use the theme variables only.
    await server.rpc('settings.set', { theme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByTestId('nav-history').click();
    await page.getByTestId('history-item').filter({ hasText: '吾輩は猫である。' }).click();
    await expect(page.getByTestId('history-document')).toBeVisible();
    await screenshot(page, 'history-dark');
    await page.getByTestId('nav-review').click();
    await expect(page.getByTestId('review-stats')).toBeVisible();
    await screenshot(page, 'review-dark');
  });

  test('a sentence starred in the reader keeps its translation and is reviewed with furigana, offline', async ({ page }) => {
    await openApp(page, server);
    await page.getByTestId('nav-history').click();
    await page.getByTestId('history-item').filter({ hasText: '吾輩は猫である。' }).click();
    await page.getByTestId('history-open-reader').click();
    await expect(page.getByTestId('translation-card')).toContainText('[English] 名前はまだ無い。');
    await page.getByRole('button', { name: /^猫/ }).first().click();
    await page.getByRole('button', { name: 'Save this sentence for review' }).click();
    await expect(page.getByTestId('sentence-star')).toHaveAttribute('aria-pressed', 'true');
    const { cards } = await server.rpc<{ cards: ReviewCard[] }>('review.cards');
    // The line of the document's translation that belongs to this sentence.
    expect(cards.find((c) => c.kind === 'sentence')).toMatchObject({ sentence: '吾輩は猫である。', translation: '[English] 吾輩は猫である。' });

    await page.getByTestId('nav-review').click();
    await expect(page.getByTestId('review-sentence')).toHaveText('吾輩は猫である。');
    await page.getByTestId('review-show').click();
    await expect(page.getByTestId('review-furigana').locator('rt').first()).toBeVisible();
    await expect(page.getByTestId('review-translation')).toHaveText('[English] 吾輩は猫である。');
    await page.getByTestId('review-grade-3').click();
    await expect(page.getByTestId('review-done')).toBeVisible();
  });
});

test.describe('export generates the audio not cached yet (fake Edge TTS)', () => {
  let server: Server;
  let edge: FakeEdgeTts;
  let anki: FakeAnkiConnect;

  test.beforeAll(async () => {
    // The sentence with 雨 cannot be synthesized; the other one can.
    edge = await startFakeEdgeTts({ audio: toneWav(), failWhen: (r) => (r.body ?? '').includes('雨') });
    anki = await startFakeAnkiConnect();
    server = await startServe({ OPENROUTER_API_URL: 'http://127.0.0.1:9/api/v1', EDGE_TTS_URL: edge.url, ANKICONNECT_URL: anki.url });
    await server.rpc('settings.set', { uiLocale: 'zh-CN' });
    await server.rpc('review.star', { kind: 'sentence', sentence: '猫が好きです。' });
    await server.rpc('review.star', { kind: 'sentence', sentence: '雨が降っています。' });
  });
  test.afterAll(async () => {
    await server?.stop();
    await Promise.allSettled([edge?.close(), anki?.close()]);
  });

  test('cards without audio get it from Edge TTS; the one that fails is named in the UI language', async ({ page }) => {
    await openApp(page, server);
    await page.getByTestId('nav-review').click();
    // The due cards load above the export panel and push it down: a click before then lands on what moved under it.
    await expect(page.getByTestId('review-sentence')).toHaveText('猫が好きです。');
    await page.getByTestId('anki-rich-export-run').click();
    const message = page.getByTestId('anki-summary');
    await expect(message.locator('p').first()).toHaveText('新增 2，更新 0，跳过 0。');
    await expect(page.getByTestId('anki-missing-audio')).toHaveText('1 张没有音频：语音合成失败。');
    // Every card went in, one without audio: a warning, not an error.
    await expect(message).toHaveAttribute('role', 'status');
    await expect(message).toHaveAttribute('data-kind', 'warn');
    expect(anki.notes).toHaveLength(2);
    expect(anki.media.size).toBe(1);
    expect(edge.received.ssml.map((r) => r.body)).toEqual(expect.arrayContaining([expect.stringContaining('猫'), expect.stringContaining('雨')]));
    await message.scrollIntoViewIfNeeded();
    await screenshot(page, 'export-missing-audio');
  });

  test('in English too, when every synthesis fails', async ({ page }) => {
    await server.rpc('settings.set', { uiLocale: 'en' });
    edge.configure({ failWhen: () => true });
    await server.rpc('review.star', { kind: 'sentence', sentence: '雪が降っています。' });
    await server.rpc('review.star', { kind: 'sentence', sentence: '風が強いです。' });
    await openApp(page, server);
    await page.getByTestId('nav-review').click();
    // The due cards load above the export panel and push it down: a click before then lands on what moved under it.
    await expect(page.getByTestId('review-sentence')).toHaveText('猫が好きです。');
    // Only the cards added since the last export go.
    await page.getByTestId('anki-rich-export-run').click();
    await expect(page.getByTestId('anki-summary').locator('p').first()).toHaveText('2 added, 0 updated, 0 skipped.');
    await expect(page.getByTestId('anki-missing-audio')).toHaveText('2 without audio: speech synthesis failed.');
    expect(anki.notes).toHaveLength(4);
  });
});
