/**
 * The reading flows in browser mode against the fake gateway (as a model) and the
 * fake Edge TTS: analysis (streamed, chunked with progress, stopped), ruby modes,
 * word and phrase panels, translation, audio, long texts.
 */
import { screenshot } from './fixtures';
import { analyse, analysed, expect, test } from './support/readingStack';

/** Synthesis, the cache write and decoding a data: URL before playback starts: slow on a loaded 2-core machine. */
const PLAYBACK = { timeout: 20_000 };

test.describe.configure({ timeout: 150_000 });

const SHORT = '今日は天気がいいです。\n私は毎朝コーヒーを飲みます。\n\n猫が猫を見た。';
const word = (name: string | RegExp) => ({ name });

test.describe('analysis', () => {
  test('streams tokens in (offline first, then the model) as real ruby, paragraphs kept', async ({ open, stack }) => {
    const page = await open();
    await analyse(page, SHORT);
    const view = page.getByTestId('reading-view');
    await expect(view.locator('.line')).toHaveCount(4);
    await expect(view.locator('.line.blank')).toHaveCount(1);
    await analysed(page);
    await expect(page.getByTestId('analysis-status')).toHaveAttribute('data-source', 'model');
    // The model's tokens replaced the offline ones (the fake keeps 飲みます whole).
    const nomimasu = view.getByRole('button', word('飲みます (のみます)'));
    await expect(nomimasu).toHaveCount(1);
    // Okurigana stays outside the ruby; kana words get none.
    await expect(nomimasu.locator('rt')).toHaveText('の');
    await expect(view.getByRole('button', word('今日 (きょう)')).locator('rt')).toHaveText('きょう');
    await expect(view.getByRole('button', word('コーヒー')).locator('rt')).toHaveCount(0);
    // The same word twice is two tokens with different offsets.
    const cats = view.getByRole('button', word('猫 (ねこ)'));
    await expect(cats).toHaveCount(2);
    expect(await cats.nth(0).getAttribute('data-s')).not.toBe(await cats.nth(1).getAttribute('data-s'));
    // The legend names only the groups present.
    const legend = page.getByTestId('pos-legend');
    await expect(legend).toContainText('名词');
    await expect(legend).toContainText('动词');
    await expect(legend).not.toContainText('连词');
    expect(stack.gw.requests.some((r) => r.rawBody.includes('japanese_tokens'))).toBe(true);
    await screenshot(page, 'reader-analysed-light');
  });

  test('a long text is analysed piece by piece with progress, and can be stopped', async ({ open, stack }) => {
    // Above the default cost limit (US$0.05 estimated): not what this test is about (models.spec is).
    await stack.server.rpc('settings.set', { costLimitUsd: 100 });
    const page = await open();
    stack.gw.state.chunkDelayMs = 40;
    stack.gw.state.chunkChars = 6;
    const line = '今日は天気がいいです。私は毎朝コーヒーを飲みます。猫が猫を見た。';
    const text = Array.from({ length: 160 }, (_, i) => (i % 8 === 7 ? `${line}\n` : line)).join('\n');
    await analyse(page, text);
    const status = page.getByTestId('analysis-status');
    await expect(status).toHaveAttribute('data-state', 'analyzing');
    // The offline pass shows first; then the model works piece by piece with a percentage.
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', /\d+/, { timeout: 60_000 });
    await expect(page.getByTestId('reading-view').locator('.tok').first()).toBeVisible();
    await page.getByTestId('stop-analysis').click();
    await expect(status).toHaveAttribute('data-state', 'stopped');
    // The upstream request was aborted, and the text is all still there (offline tokens).
    await expect.poll(() => stack.gw.requests.some((r) => r.aborted)).toBe(true);
    await expect(page.getByTestId('reading-view').locator('.tok').first()).toBeVisible();
    await expect(page.getByTestId('translation-card')).toBeVisible();
  });

  test('a 20,000-character chapter renders only what is on screen (< 3,000 DOM nodes) and scrolls to the end', async ({ open, stack }) => {
    await stack.server.rpc('settings.set', { costLimitUsd: 100 });
    const page = await open();
    const para = '今日は天気がいいです。私は毎朝コーヒーを飲みます。猫が猫を見た。東京の駅で友達と一緒に本を読みたいです。';
    let text = '';
    let n = 0;
    while (text.length < 20_000) text += `${para}${++n % 3 === 0 ? '\n\n' : '\n'}`;
    await analyse(page, text);
    await analysed(page, 120_000);
    const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    expect(nodes).toBeLessThan(3_000);
    // Scroll the reading view to the end: the last line is rendered, the first is not.
    const view = page.getByTestId('reading-view');
    await view.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(view.locator('.line:not(.blank)').last().getByRole('button', word('読みたい (よみたい)'))).toBeVisible();
    await expect(view.locator('.line[data-b="0"]')).toHaveCount(0);
    expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeLessThan(3_000);
    // The input stays responsive: typing is not blocked by the long text.
    const t0 = Date.now();
    await page.locator('#reader-input').press('End');
    await page.locator('#reader-input').type('。');
    expect(Date.now() - t0).toBeLessThan(3_000);
  });
});

test.describe('ruby modes and romaji', () => {
  test('always, on hover and off; romaji line; choices persist', async ({ open }) => {
    const page = await open();
    await analyse(page, '今日は天気がいいです。');
    await analysed(page);
    const view = page.getByTestId('reading-view');
    const rt = view.getByRole('button', word('天気 (てんき)')).locator('rt');
    await expect(rt).toBeVisible();

    await page.getByTestId('furigana-hover').click();
    await expect(rt).toBeHidden();
    await view.getByRole('button', word('天気 (てんき)')).hover();
    await expect(rt).toBeVisible();
    await page.getByTestId('furigana-off').hover();

    await page.getByTestId('furigana-off').click();
    await expect(view.locator('rt')).toHaveCount(0);

    await page.getByTestId('romaji-toggle').click();
    await expect(view.locator('[data-romaji="tenki"]')).toHaveCount(1);
    await expect(view.locator('[data-romaji="wa"]')).toHaveCount(1);
    const after = await view.locator('[data-romaji="tenki"]').evaluate((el) => getComputedStyle(el, '::after').content);
    expect(after).toBe('"tenki"');

    await page.reload();
    await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
    await analyse(page, '今日は天気がいいです。');
    await analysed(page);
    await expect(page.getByTestId('furigana-off')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('romaji-toggle')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('reading-view').locator('rt')).toHaveCount(0);
  });
});

test.describe('hover', () => {
  // The hover highlight is drawn in the same frame as the dictionary popup: it must be a repaint, not a
  // new layout of the text (an undecorated inline box gains a box of its own when it gets a background).
  test('hovering words highlights each without laying the text out again', async ({ open }) => {
    const page = await open();
    await analyse(page, SHORT);
    await analysed(page);
    const view = page.getByTestId('reading-view');
    const words = [word('今日 (きょう)'), word('天気 (てんき)'), word('コーヒー'), word('飲みます (のみます)')].map((w) => view.getByRole('button', w));
    const boxes = [];
    for (const w of words) boxes.push((await w.boundingBox())!);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const layouts = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'LayoutCount')!.value;
    const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // Off the text first, and settled: what is counted below is the hovers' own layouts.
    await page.mouse.move(2, 2);
    await frames();
    await page.waitForTimeout(300);
    const before = await layouts();
    const hovered: string[] = [];
    for (const [i, b] of boxes.entries()) {
      await page.mouse.move(b.x + b.width / 2, b.y + b.height - 4);
      await frames();
      hovered.push(await words[i]!.evaluate((el) => getComputedStyle(el).backgroundColor));
    }
    const after = await layouts();
    await screenshot(page, 'reader-word-hover');
    // Each word showed the hover background while the pointer was on it…
    const idle = await words[0]!.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(idle).toBe('rgba(0, 0, 0, 0)');
    for (const bg of hovered) expect(bg).not.toBe('rgba(0, 0, 0, 0)');
    // …and none of the four hovers laid the page out.
    expect(after - before).toBe(0);
  });
});

test.describe('word and phrase panels', () => {
  test('a click streams the word detail; refresh asks again; the star saves it for review; Esc closes and refocuses', async ({ open, stack }) => {
    const page = await open();
    await analyse(page, SHORT);
    await analysed(page);
    const view = page.getByTestId('reading-view');
    const tenki = view.getByRole('button', word('天気 (てんき)'));
    await tenki.click();
    const panel = page.getByTestId('detail-panel');
    await expect(panel).toHaveAttribute('data-kind', 'word');
    await expect(panel.getByRole('heading', { level: 2 })).toContainText('天気');
    await expect(panel.getByTestId('detail-chineseTranslation')).toContainText('meaning of 天気');
    await expect(panel.getByTestId('detail-example')).toContainText('天気の例文です。');
    await expect(panel).toHaveAttribute('data-status', 'done');
    await expect(tenki).toHaveAttribute('aria-current', 'true');
    const asked = () => stack.gw.requests.filter((r) => r.rawBody.includes('"word_detail"')).length;
    const before = asked();
    await panel.getByTestId('detail-refresh').click();
    await expect.poll(asked).toBe(before + 1);
    await expect(panel).toHaveAttribute('data-status', 'done');
    const star = panel.getByTestId('detail-star');
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await expect(star).toHaveAccessibleName('已加入复习');
    expect(await stack.server.rpc('review.isStarred', { kind: 'word', word: '天気' })).toMatchObject({ starred: true });
    await screenshot(page, 'reader-word-panel-light');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'false');

    // The model corrects a reading: the panel says so.
    await view.getByRole('button', word('今日 (きょう)')).click();
    await expect(panel.getByTestId('reading-correction')).toBeVisible();
    await expect(panel.getByTestId('pos-correction')).toHaveCount(0);

    // The model names another part of speech: the panel uses it and says the analysis differed.
    await view.getByRole('button', word('毎朝 (まいあさ)')).click();
    await expect(panel).toHaveAttribute('data-status', 'done');
    await expect(panel.getByTestId('pos-correction')).toHaveAttribute('data-pos', 'adverb');
    await expect(panel.getByTestId('pos-correction')).toHaveText('已更正（原分析为名词）');
    await expect(panel.locator('.detail-kicker')).toContainText('副词');
    await view.getByRole('button', word('今日 (きょう)')).click();
    await expect(panel).toHaveAttribute('data-status', 'done');

    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(view.getByRole('button', word('今日 (きょう)'))).toBeFocused();
  });

  test('Shift+click and drag select a phrase (2–12 words, one line); the panel explains it', async ({ open }) => {
    const page = await open();
    await analyse(page, SHORT);
    await analysed(page);
    const view = page.getByTestId('reading-view');
    await view.getByRole('button', word('私 (わたし)')).click();
    await view.getByRole('button', word('コーヒー')).click({ modifiers: ['Shift'] });
    const panel = page.getByTestId('detail-panel');
    await expect(panel).toHaveAttribute('data-kind', 'phrase');
    await expect(panel.getByRole('heading', { level: 2 })).toHaveText('私は毎朝コーヒー');
    await expect(panel.getByTestId('detail-category')).toContainText('set phrase');
    await expect(panel.getByTestId('detail-breakdown')).toContainText('私は毎朝コーヒー = parts');
    await expect(view.locator('.tok.sel')).toHaveCount(4);
    await screenshot(page, 'reader-phrase-panel-light');

    // Across lines: refused with a hint.
    await view.getByRole('button', word('猫 (ねこ)')).first().click({ modifiers: ['Shift'] });
    await expect(page.getByTestId('selection-hint')).toHaveText('短语必须在同一行内。');

    // Drag from the first 猫 to 見た.
    const from = view.getByRole('button', word('猫 (ねこ)')).first();
    const to = view.getByRole('button', word('見た (みた)'));
    await from.hover();
    await page.mouse.down();
    await to.hover();
    await page.mouse.up();
    await expect(panel).toHaveAttribute('data-kind', 'phrase');
    await expect(panel.getByRole('heading', { level: 2 })).toHaveText('猫が猫を見た');
  });

  test('the keyboard reaches every word: arrows move, Enter opens, Shift+arrow makes a phrase', async ({ open }) => {
    const page = await open();
    await analyse(page, '今日は天気がいいです。');
    await analysed(page);
    await page.getByTestId('reading-view').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('button', word('今日 (きょう)'))).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('button', word('天気 (てんき)'))).toBeFocused();
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('detail-panel');
    await expect(panel).toHaveAttribute('data-kind', 'word');
    // Focus moves to the panel's heading; the close button gives it back to the word.
    await expect(panel.getByRole('heading', { level: 2 })).toBeFocused();
    await panel.getByRole('button', { name: '关闭详解' }).click();
    await expect(panel).toHaveCount(0);
    const tenki = page.getByRole('button', word('天気 (てんき)'));
    await expect(tenki).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('heading', { level: 2 })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(tenki).toBeFocused();
    // A phrase grows from the text with Shift+Arrow; its panel leaves focus on the words.
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await expect(page.getByTestId('detail-panel')).toHaveAttribute('data-kind', 'phrase');
    await expect(page.getByTestId('detail-panel').getByRole('heading', { level: 2 })).toHaveText('天気がいい');
    await expect(page.getByRole('button', word(/^いい$/))).toBeFocused();
  });
});

test.describe('translation', () => {
  test('starts after the analysis, keeps paragraphs, copies and retranslates', async ({ open, stack, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await open();
    await analyse(page, '今日は天気がいいです。\n\n猫が猫を見た。');
    await analysed(page);
    const body = page.getByTestId('translation-text');
    await expect(body).toHaveAttribute('data-status', 'done');
    await expect(body.locator('.translation-paragraph')).toHaveText(['The weather is nice today.', 'A cat saw a cat.']);
    // In the interface language (zh-CN here): the request carries the UI locale.
    const translateRequest = stack.gw.requests.filter((r) => r.rawBody.includes('Translate the user')).at(-1);
    expect(translateRequest?.rawBody).toContain('Simplified Chinese');
    await page.getByTestId('copy-translation').click();
    await expect(page.getByTestId('copy-translation')).toContainText('已复制');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('The weather is nice today.\n\nA cat saw a cat.');
    const count = () => stack.gw.requests.filter((r) => r.rawBody.includes('Translate the user')).length;
    const before = count();
    await page.getByTestId('retranslate').click();
    await expect.poll(count).toBe(before + 1);
    await expect(body).toHaveAttribute('data-status', 'done');
  });
});

test.describe('audio', () => {
  test('plays the whole text and a word through one <audio> element, and stops', async ({ open, stack }) => {
    const page = await open();
    await analyse(page, '今日は天気がいいです。');
    await analysed(page);
    const audio = page.getByTestId('reader-audio');
    await page.getByTestId('play-all').click();
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => !a.paused && a.src.startsWith('data:audio/')), PLAYBACK).toBe(true);
    await expect(page.getByTestId('play-all')).toHaveAccessibleName('停止播放');
    expect(stack.edge.received.ssml.at(-1)?.body).toContain('今日は天気がいいです。');
    await page.getByTestId('play-all').click();
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.paused && !a.hasAttribute('src'))).toBe(true);
    await expect(page.getByTestId('play-all')).toHaveAccessibleName('朗读全文');

    await page.getByTestId('reading-view').getByRole('button', word('天気 (てんき)')).click();
    await page.getByTestId('detail-panel').getByRole('button', { name: '朗读单词' }).click();
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => !a.paused), PLAYBACK).toBe(true);
    expect(stack.edge.received.ssml.at(-1)?.body).toBe('天気');
    await page.getByTestId('detail-panel').getByRole('button', { name: '停止播放' }).click();
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  });

  test('plays the sentence of a word and a selected phrase; the voice sample is its own', async ({ open, stack }) => {
    const page = await open();
    await analyse(page, '今日は天気がいいです。私は毎朝コーヒーを飲みます。');
    await analysed(page);
    const audio = page.getByTestId('reader-audio');
    const playing = () => audio.evaluate((a: HTMLAudioElement) => !a.paused && a.src.startsWith('data:audio/'));
    const stopped = () => audio.evaluate((a: HTMLAudioElement) => a.paused && !a.hasAttribute('src'));
    const view = page.getByTestId('reading-view');
    const panel = page.getByTestId('detail-panel');

    // The sentence around a word: only that sentence is spoken.
    await view.getByRole('button', word('毎朝 (まいあさ)')).click();
    await panel.getByRole('button', { name: '朗读整句' }).click();
    await expect.poll(playing, PLAYBACK).toBe(true);
    expect(stack.edge.received.ssml.at(-1)?.body).toBe('私は毎朝コーヒーを飲みます。');
    await expect(panel.getByRole('button', { name: '停止播放' })).toHaveCount(1);
    await panel.getByRole('button', { name: '停止播放' }).click();
    await expect.poll(stopped).toBe(true);
    await expect(panel.getByRole('button', { name: '朗读整句' })).toBeVisible();

    // A selected phrase, from the toolbar.
    await view.getByRole('button', word('天気 (てんき)')).click();
    await view.getByRole('button', word(/^いい$/)).click({ modifiers: ['Shift'] });
    await expect(panel).toHaveAttribute('data-kind', 'phrase');
    const selection = page.getByTestId('play-selection');
    await selection.click();
    await expect.poll(playing, PLAYBACK).toBe(true);
    expect(stack.edge.received.ssml.at(-1)?.body).toBe('天気がいい');
    await expect(selection).toHaveAccessibleName('停止播放');
    await selection.click();
    await expect.poll(stopped).toBe(true);
    await expect(selection).toHaveAccessibleName('朗读选中的短语');

    // The voice sample in Settings is not the panel's sentence: going back, that button still offers to play.
    await view.getByRole('button', word('毎朝 (まいあさ)')).click();
    await page.getByRole('button', { name: '设置' }).click();
    const sample = page.getByTestId('voice-sample');
    await sample.click();
    await expect(sample).toHaveText('停止播放');
    await expect.poll(playing, PLAYBACK).toBe(true);
    await page.keyboard.press('Escape');
    await expect(panel.getByRole('button', { name: '朗读整句' })).toBeVisible();
    await expect(panel.getByRole('button', { name: '停止播放' })).toHaveCount(0);
  });
});
