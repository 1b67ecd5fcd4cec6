/**
 * Image to text (drop, paste, pick; PNG, JPEG, non-image), chat, daily sentence,
 * settings persistence, locale switch, dark theme, error banners and the offline
 * indicator, in browser mode against the fakes.
 */
import { screenshot } from './fixtures';
import { CHAT_REPLY, OCR_TEXT, OVERLAY_QUESTION } from './support/fakeModel';
import { dropFile, finishDrop, makeImageInPage, pasteFile, pasteHtml } from './support/images';
import { analyse, analysed, expect, test } from './support/readingStack';

test.describe.configure({ timeout: 150_000 });

test.describe('image to text', () => {
  test('a dropped PNG shows a drop zone, a preview, and its text streams into the input', async ({ open, stack }) => {
    const page = await open();
    const png = await makeImageInPage(page, 'image/png', 480, 200);
    await dropFile(page, 'body', { name: 'page.png', type: 'image/png', base64: png });
    await expect(page.getByTestId('drop-zone')).toBeVisible();
    await screenshot(page, 'ocr-drop-zone-light');
    await finishDrop(page, 'body', { name: 'page.png', type: 'image/png', base64: png });
    await expect(page.getByTestId('drop-zone')).toHaveCount(0);
    await expect(page.getByTestId('ocr-preview')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(page.getByTestId('ocr-panel')).toHaveAttribute('data-status', 'done');
    await expect(page.locator('#reader-input')).toHaveValue(OCR_TEXT);
    // Sent as is (small enough): the same bytes, so the same image is a cache hit later.
    const sent = stack.gw.requests.filter((r) => r.rawBody.includes('image_url')).at(-1)!;
    expect(sent.rawBody).toContain(`data:image/png;base64,${png.slice(0, 40)}`);
    await screenshot(page, 'ocr-done-light');
    // Then analyse on request.
    await page.getByTestId('analyze').click();
    await analysed(page);
  });

  test('a large JPEG is scaled to 1,600 px on its long side before sending', async ({ open, stack }) => {
    const page = await open();
    const jpeg = await makeImageInPage(page, 'image/jpeg', 2400, 1600);
    await dropFile(page, 'body', { name: 'photo.jpg', type: 'image/jpeg', base64: jpeg });
    await finishDrop(page, 'body', { name: 'photo.jpg', type: 'image/jpeg', base64: jpeg });
    await expect(page.getByTestId('ocr-panel')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(page.getByTestId('ocr-panel')).toContainText('1600 × 1067');
    const sent = stack.gw.requests.filter((r) => r.rawBody.includes('image_url')).at(-1)!;
    const url = /data:image\/jpeg;base64,[A-Za-z0-9+/=]+/.exec(sent.rawBody)![0];
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, url);
    expect(size).toEqual([1600, 1067]);
  });

  test('a non-image is refused clearly; a pasted image and a picked file are read', async ({ open }) => {
    const page = await open();
    // A .txt drop is a book now (the library imports it), so the non-image here is a PDF.
    await dropFile(page, 'body', { name: 'notes.pdf', type: 'application/pdf', base64: Buffer.from('%PDF-1.4').toString('base64') });
    await finishDrop(page, 'body', { name: 'notes.pdf', type: 'application/pdf', base64: Buffer.from('%PDF-1.4').toString('base64') });
    await expect(page.getByTestId('ocr-refusal')).toHaveText('该文件不是图片。请使用 PNG、JPEG、WebP、GIF 或 BMP。');
    await expect(page.getByTestId('ocr-refusal')).toHaveAttribute('data-reason', 'notImage');
    // A file that claims to be a PNG but is not one.
    await finishDrop(page, 'body', { name: 'fake.png', type: 'image/png', base64: Buffer.from('not a png at all').toString('base64') });
    await expect(page.getByTestId('ocr-refusal')).toHaveAttribute('data-reason', 'unreadable');
    await page.getByRole('button', { name: '移除图片' }).click();
    await expect(page.getByTestId('ocr-panel')).toHaveCount(0);

    const png = await makeImageInPage(page, 'image/png', 300, 120);
    await pasteFile(page, '#reader-input', { name: 'clip.png', type: 'image/png', base64: png });
    await expect(page.locator('#reader-input')).toHaveValue(OCR_TEXT);

    await page.locator('#reader-input').fill('');
    await page.getByTestId('image-file').setInputFiles({ name: 'pick.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    await expect(page.locator('#reader-input')).toHaveValue(OCR_TEXT);
  });

  test('an image dropped on the Settings page opens the reader; the same image again comes from the cache', async ({ open, stack }) => {
    const page = await open();
    const png = await makeImageInPage(page, 'image/png', 360, 160);
    const file = { name: 'again.png', type: 'image/png', base64: png };
    await page.getByRole('button', { name: '设置' }).click();
    await expect(page.locator('#settings-heading')).toBeVisible();
    await dropFile(page, 'body', file);
    await expect(page.getByTestId('drop-zone')).toBeVisible();
    await finishDrop(page, 'body', file);
    await expect(page.locator('#reader-heading')).toBeAttached();
    const panel = page.getByTestId('ocr-panel');
    await expect(panel).toHaveAttribute('data-status', 'done');
    await expect(panel).toHaveAttribute('data-source', 'model');
    await expect(page.locator('#reader-input')).toHaveValue(OCR_TEXT);
    const asked = () => stack.gw.requests.filter((r) => r.rawBody.includes('image_url')).length;
    const before = asked();

    await page.getByRole('button', { name: '移除图片' }).click();
    await page.locator('#reader-input').fill('');
    await dropFile(page, 'body', file);
    await finishDrop(page, 'body', file);
    await expect(panel).toHaveAttribute('data-status', 'done');
    await expect(panel).toHaveAttribute('data-source', 'cache');
    await expect(page.locator('#reader-input')).toHaveValue(OCR_TEXT);
    expect(asked()).toBe(before);
  });

  test('an image pasted while no text field has focus is read', async ({ open }) => {
    const page = await open();
    const png = await makeImageInPage(page, 'image/png', 200, 100);
    await page.getByRole('button', { name: '设置' }).click();
    await page.locator('#settings-heading').click();
    await pasteFile(page, 'body', { name: 'shot.png', type: 'image/png', base64: png });
    await expect(page.getByTestId('ocr-panel')).toHaveAttribute('data-status', 'done');
    await expect(page.locator('#reader-input')).toHaveValue(OCR_TEXT);
  });

  test('pasting HTML keeps only the text', async ({ open }) => {
    const page = await open();
    await pasteHtml(page, '#reader-input', '<h2>見出し</h2><p><ruby>今日<rt>きょう</rt></ruby>は<b>天気</b>がいいです。</p><script>x()</script>', 'ignored');
    await expect(page.locator('#reader-input')).toHaveValue('見出し\n\n今日は天気がいいです。');
  });
});

test.describe('chat', () => {
  test('streams a Markdown reply safely, with the current text as context; Esc closes', async ({ open, stack }) => {
    const page = await open();
    await analyse(page, '今日は天気がいいです。');
    await analysed(page);
    const toggle = page.getByTestId('chat-toggle');
    await toggle.click();
    const drawer = page.getByRole('dialog', { name: '日语老师' });
    await expect(drawer).toBeVisible();
    await expect(page.locator('#chat-input')).toBeFocused();
    await page.locator('#chat-input').fill('この文の文法を教えて');
    await page.keyboard.press('Enter');
    await expect(drawer.getByTestId('chat-user')).toHaveText(/この文の文法を教えて/);
    const reply = drawer.getByTestId('chat-assistant');
    await expect(reply.locator('strong')).toHaveText('はい');
    await expect(reply.locator('li')).toHaveCount(2);
    await expect(reply).toContainText('最後の行です。');
    await expect(reply.locator('script, img')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    const sent = stack.gw.requests.filter((r) => r.rawBody.includes('Japanese tutor')).at(-1)!;
    expect(sent.rawBody).toContain('The learner is reading this text');
    expect(sent.rawBody).toContain('今日は天気がいいです。');
    expect(CHAT_REPLY).toContain('<script>');
    await screenshot(page, 'chat-light');
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(toggle).toBeFocused();
  });

  test('a streaming reply can be stopped; what arrived stays', async ({ open, stack }) => {
    const page = await open();
    await page.getByTestId('chat-toggle').click();
    // A slow reply (about 30 s), so the stop lands mid-stream even on a busy machine.
    stack.gw.state.chunkDelayMs = 400;
    stack.gw.state.chunkChars = 2;
    await page.locator('#chat-input').fill('は と が の違いは？');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-pending')).toContainText('は');
    await page.getByTestId('chat-stop').click();
    await expect(page.getByTestId('chat-send')).toBeVisible();
    await expect(page.getByTestId('chat-pending')).toHaveCount(0);
    const kept = await page.getByTestId('chat-assistant').innerText();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(CHAT_REPLY.length);
    await expect.poll(() => stack.gw.requests.some((r) => r.rawBody.includes('Japanese tutor') && r.aborted)).toBe(true);
  });
});

test.describe('chat markup', () => {
  test('a reply that styles a link over the whole window is shown inline: no style, class or id, no fixed or absolute position, the destination shown', async ({ open }) => {
    const page = await open();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('chat-toggle').click();
    await page.locator('#chat-input').fill(OVERLAY_QUESTION);
    await page.keyboard.press('Enter');
    const reply = page.getByTestId('chat-assistant');
    await expect(reply).toContainText('Session expired');
    const link = reply.getByRole('link', { name: /Session expired/ });
    await expect(link).toHaveAttribute('href', 'https://evil.example/login');
    // Inside the reply's content only the app's own destination label carries a class.
    const content = reply.locator('.markdown');
    for (const attr of ['style', 'class', 'id']) {
      await expect(content.locator(`[${attr}]:not(.markup-link-destination)`)).toHaveCount(0);
    }
    await expect(content.locator('style')).toHaveCount(0);
    // Nothing in the reply is taken out of the flow, and the link is one line of text, not the window.
    const positions = await content.locator('*').evaluateAll((els) => els.map((el) => getComputedStyle(el).position));
    expect(positions.filter((p) => p === 'fixed' || p === 'absolute')).toEqual([]);
    const box = (await link.boundingBox())!;
    expect(box.width * box.height).toBeLessThan(1280 * 900 * 0.1);
    const drawerBox = (await page.getByRole('dialog').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(drawerBox.x);
    // Where it goes is shown beside it; a link to anything but http(s) is text.
    await expect(reply.locator('.markup-link-destination').first()).toHaveText(' (evil.example/login)');
    await expect(reply.getByText('not a link')).toBeVisible();
    await expect(content.locator('a:not([href])')).toHaveCount(0);
    await expect(content.locator('a[href^="javascript"]')).toHaveCount(0);
    await expect(reply.getByRole('link', { name: 'a real one' })).toHaveAttribute('href', 'https://example.com/grammar');
    // The page's own layout is untouched (the <style> in the reply did nothing).
    await expect(page.locator('#reader-input')).toBeVisible();
    await screenshot(page, 'chat-overlay-link-inline');
  });

  test('the page refuses inline styles from content even if a sanitiser slipped', async ({ open }) => {
    const page = await open();
    const applied = await page.evaluate(() => {
      const host = document.createElement('div');
      document.body.append(host);
      host.innerHTML = '<a id="slip" style="position:fixed;inset:0">x</a><style>#slip2{position:fixed}</style><a id="slip2">y</a>';
      const a = getComputedStyle(document.getElementById('slip')!).position;
      const b = getComputedStyle(document.getElementById('slip2')!).position;
      host.remove();
      return [a, b];
    });
    expect(applied).toEqual(['static', 'static']);
    // React's style props (the CSSOM) still apply: the app uses them for placement.
    const cssom = await page.evaluate(() => {
      const el = document.createElement('div');
      document.body.append(el);
      el.style.position = 'absolute';
      const p = getComputedStyle(el).position;
      el.remove();
      return p;
    });
    expect(cssom).toBe('absolute');
  });
});

test.describe('chat history', () => {
  test('a conversation is saved with its text: after a reload it is listed and reopens', async ({ open, stack }) => {
    const page = await open();
    const text = '猫が猫を見た。';
    await analyse(page, text);
    await analysed(page);
    await page.getByTestId('chat-toggle').click();
    await page.locator('#chat-input').fill('猫の読み方は？');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chat-assistant')).toContainText('最後の行です。');
    // Saved in SQLite under the history document of the text.
    const list = await stack.server.rpc<{ items: Array<{ id: number; preview: string }> }>('library.list', { query: '猫が猫を見た', limit: 5, offset: 0 });
    const doc = list.items.find((d) => d.preview.startsWith(text))!;
    await expect.poll(async () => (await stack.server.rpc<Array<{ messages: unknown[] }>>('library.chats', doc.id)).map((c) => c.messages.length)).toEqual([2]);

    await page.reload();
    await expect(page.locator('.app[data-loaded="true"]')).toBeVisible();
    await analyse(page, text);
    await analysed(page);
    await page.getByTestId('chat-toggle').click();
    await expect(page.getByTestId('chat-user')).toHaveCount(0);
    const saved = page.getByTestId('chat-conversations');
    await expect(saved.locator('summary')).toHaveText('关于此文本的已保存对话（1）');
    await saved.locator('summary').click();
    const item = saved.getByTestId('chat-conversation');
    await expect(item).toContainText('猫の読み方は？');
    await item.click();
    await expect(item).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('chat-user')).toHaveText(/猫の読み方は？/);
    await expect(page.getByTestId('chat-assistant')).toContainText('最後の行です。');

    // Continuing it keeps one conversation; a new one is listed beside it.
    await page.locator('#chat-input').fill('もう一度');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chat-assistant')).toHaveCount(2);
    await expect.poll(async () => (await stack.server.rpc<Array<{ messages: unknown[] }>>('library.chats', doc.id)).map((c) => c.messages.length)).toEqual([4]);
    await page.getByTestId('chat-new').click();
    await expect(page.getByTestId('chat-user')).toHaveCount(0);
    await page.locator('#chat-input').fill('別の質問');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chat-assistant')).toHaveCount(1);
    await expect(saved.locator('summary')).toHaveText('关于此文本的已保存对话（2）');
  });

  test('a failed reply can be asked again', async ({ open, stack }) => {
    const page = await open();
    await page.getByTestId('chat-toggle').click();
    stack.gw.script({ kind: 'error', status: 400, message: 'upstream broke' });
    await page.locator('#chat-input').fill('もしもし');
    await page.keyboard.press('Enter');
    const error = page.getByTestId('chat-error');
    await expect(error).toBeVisible();
    await error.getByRole('button', { name: '重试' }).click();
    await expect(page.getByTestId('chat-error')).toHaveCount(0);
    await expect(page.getByTestId('chat-user')).toHaveCount(1);
    await expect(page.getByTestId('chat-assistant')).toContainText('最後の行です。');
  });
});

test.describe('daily sentence', () => {
  test('shows the day’s sentence with furigana, its translation in the UI language, plays it and opens it', async ({ open }) => {
    const page = await open();
    const card = page.getByTestId('daily-card');
    await expect(card).toHaveAttribute('data-backup', 'false', { timeout: 60_000 });
    await expect(card.locator('ruby', { hasText: '今日' }).locator('rt')).toHaveText('きょう');
    await expect(page.getByTestId('daily-translation')).toHaveText('今天天气很好。');
    await page.getByTestId('daily-play').click();
    await expect.poll(() => page.getByTestId('reader-audio').evaluate((a: HTMLAudioElement) => !a.paused)).toBe(true);
    await page.getByTestId('daily-play').click();
    await screenshot(page, 'start-page-light');
    await page.getByTestId('daily-read').click();
    await expect(page.getByTestId('analysis-status')).toHaveAttribute('data-source', 'daily');
    await expect(page.getByTestId('reading-view').getByRole('button', { name: '天気 (てんき)' })).toBeVisible();
    await expect(page.getByTestId('translation-text')).toHaveText('今天天气很好。');
  });

  test('on 503 (no key) a built-in backup sentence is shown, labelled as such', async ({ page, keyless }) => {
    await page.goto(keyless.server.url);
    const card = page.getByTestId('daily-card');
    await expect(card).toHaveAttribute('data-backup', 'true', { timeout: 60_000 });
    await expect(page.getByTestId('daily-backup')).toHaveText('备用句子');
    await expect(card.locator('rt').first()).toBeVisible();
    await expect(page.getByTestId('daily-translation')).not.toBeEmpty();
    await screenshot(page, 'start-page-backup-light');
  });
});

test.describe('settings', () => {
  test('reading, model, voice, storage and privacy settings persist across a reload', async ({ open, stack }) => {
    const page = await open();
    await page.getByRole('button', { name: '设置' }).click();
    await expect(page.locator('#pref-analytics')).not.toBeChecked();
    await expect(page.locator('#pref-sharing')).not.toBeChecked();
    await page.getByTestId('pref-furigana-hover').click();
    await page.locator('#pref-romaji').check();
    await page.getByTestId('pref-provider-gemini').click();
    await page.getByTestId('model-search-analysis').fill('2.5 pro');
    await page.getByTestId('model-picker-analysis').locator('[data-model="gemini-2.5-pro"] button').click();
    await page.locator('#pref-streaming').uncheck();
    await page.getByTestId('pref-gender-male').click();
    await page.locator('#pref-rate').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.locator('#pref-cache-size').fill('800');
    await page.locator('#pref-cache-size').press('Enter');
    await page.locator('#pref-sharing').check();
    await expect(page.locator('script#yomimono-analytics')).toHaveCount(0);
    await page.locator('#pref-analytics').check();
    await expect.poll(async () => (await stack.server.rpc<{ analytics: boolean }>('settings.get')).analytics).toBe(true);
    // On: the page asks the server for the analytics loader.
    await expect(page.locator('script#yomimono-analytics')).toHaveAttribute('src', '/api/analytics/script');
    await page.locator('#explanation-locale').selectOption('ko');
    await page.getByTestId('theme-system').click();
    await expect.poll(async () => (await stack.server.rpc<{ theme: string }>('settings.get')).theme).toBe('system');
    await screenshot(page, 'settings-reading-light');

    await page.reload();
    await page.getByRole('button', { name: '设置' }).click();
    await expect(page.getByTestId('pref-furigana-hover')).toHaveAttribute('aria-checked', 'true');
    await expect(page.locator('#pref-romaji')).toBeChecked();
    await expect(page.getByTestId('pref-provider-gemini')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('model-current-analysis')).toHaveText('gemini-2.5-pro');
    await expect(page.locator('#pref-streaming')).not.toBeChecked();
    await expect(page.getByTestId('pref-gender-male')).toHaveAttribute('aria-checked', 'true');
    await expect(page.locator('#pref-rate')).toHaveValue('10');
    await expect(page.locator('#pref-cache-size')).toHaveValue('800');
    await expect(page.locator('#pref-sharing')).toBeChecked();
    await expect(page.locator('#pref-analytics')).toBeChecked();
    await expect(page.locator('script#yomimono-analytics')).toHaveCount(1);
    await expect(page.locator('#explanation-locale')).toHaveValue('ko');
    await expect(page.locator('#ui-locale')).toHaveValue('zh-CN');
    await expect(page.getByTestId('theme-system')).toHaveAttribute('aria-checked', 'true');
    const saved = await stack.server.rpc<{ tts: { gender: string; rate: number; provider: string }; models: { gemini: string }; audioCacheMb: number }>('settings.get');
    expect(saved).toMatchObject({ tts: { gender: 'male', rate: 10, provider: 'edge' }, models: { gemini: 'gemini-2.5-pro' }, audioCacheMb: 800, streaming: false, explanationLocale: 'ko', theme: 'system' });
    // Streaming off: a chat reply appears whole, never as a partial bubble (through the keyed provider).
    await page.getByTestId('pref-provider-openrouter').click();
    await expect.poll(async () => (await stack.server.rpc<{ provider: string }>('settings.get')).provider).toBe('openrouter');
    await page.keyboard.press('Escape');
    await page.getByTestId('chat-toggle').click();
    // Not streamed, so chunks have no delay to take: the whole answer waits instead, long enough to see the pending bubble.
    stack.gw.state.delayMs = 1_500;
    await page.evaluate(() => {
      const w = window as unknown as { __partials: number };
      w.__partials = 0;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="chat-pending"] .markdown')) w.__partials++;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.locator('#chat-input').fill('こんにちは');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chat-pending')).toBeVisible();
    await expect(page.getByTestId('chat-assistant')).toContainText('最後の行です。');
    expect(await page.evaluate(() => (window as unknown as { __partials: number }).__partials)).toBe(0);
  });

  test('a setting the core refuses goes back and says why, in the UI language', async ({ open }) => {
    const page = await open();
    await page.route('**/rpc/settings.set', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'disk full' } }) }));
    await page.getByRole('button', { name: '设置' }).click();
    await page.getByTestId('theme-dark').click();
    const error = page.getByTestId('settings-error');
    await expect(error).toContainText('设置未能保存，已恢复为原来的值。');
    await expect(page.getByTestId('theme-dark')).toHaveAttribute('aria-checked', 'false');
    await error.getByRole('button', { name: '关闭提示' }).click();
    await expect(error).toHaveCount(0);
  });

  test('the interface language switches every reading label; the theme goes dark', async ({ open }) => {
    const page = await open();
    await analyse(page, '今日は天気がいいです。');
    await analysed(page);
    await page.getByRole('button', { name: '设置' }).click();
    const expected = {
      en: { analyse: 'Analyse', legend: 'Noun', translation: 'Translation' },
      ko: { analyse: '분석', legend: '명사', translation: '번역' },
      'zh-TW': { analyse: '分析', legend: '名詞', translation: '翻譯' },
    } as const;
    for (const [locale, labels] of Object.entries(expected)) {
      await page.locator('#ui-locale').selectOption(locale);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('analyze')).toContainText(labels.analyse);
      await expect(page.getByTestId('pos-legend')).toContainText(labels.legend);
      await expect(page.locator('#translation-heading')).toHaveText(labels.translation);
      await page.getByRole('button', { name: /Settings|설정|設定/ }).click();
    }
    await page.locator('#ui-locale').selectOption('en');
    await page.getByTestId('theme-dark').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.keyboard.press('Escape');
    await page.getByTestId('reading-view').getByRole('button', { name: '天気 (てんき)' }).click();
    await expect(page.getByTestId('detail-panel')).toHaveAttribute('data-status', 'done');
    await screenshot(page, 'reader-word-panel-dark-en');
  });
});

test.describe('errors and states', () => {
  test('a 402 from the model: the analysis falls back offline and says why, in the UI language, never in the provider\'s words', async ({ open, stack }) => {
    const page = await open();
    stack.gw.script({ kind: 'error', status: 402, message: 'Insufficient credits. Add more using https://openrouter.ai/settings/credits' });
    // A text no other test analyses: a cached analysis would answer without asking the model.
    await analyse(page, '夜の東京は静かです。');
    await analysed(page);
    const status = page.getByTestId('analysis-status');
    await expect(status).toHaveAttribute('data-state', 'offline-only');
    const box = page.getByTestId('analysis-model-error');
    await expect(box.locator('.error-title')).toHaveText('向模型网关（OpenRouter）发出的请求失败了。 它的额度已用完。');
    await expect(box).not.toContainText('Insufficient credits');
    await screenshot(page, 'error-credits-light');
  });

  test('without a key: the offline analysis with one quiet invitation per feature, no red; offline details still work', async ({ page, keyless }) => {
    // The welcome closed: its "Add a key" would be the screen's one invitation.
    await keyless.server.rpc('settings.set', { uiLocale: 'en', explanationLocale: 'en', welcomeDismissed: true });
    try {
      await page.goto(keyless.server.url);
      await analyse(page, '今日は天気がいいです。');
      await analysed(page);
      // No key is not a failure (issue 12): the offline analysis is the result, with the way to more.
      await expect(page.getByTestId('analysis-status')).toHaveAttribute('data-state', 'no-key');
      const invite = page.getByTestId('analysis-status').getByTestId('no-key-invite');
      await expect(invite).toContainText('Offline analysis: furigana, parts of speech and readings');
      await expect(invite).not.toContainText('未提供');
      await expect(invite.getByRole('button', { name: 'Add a key' })).toBeVisible();
      await expect(page.getByTestId('translation-card').getByTestId('no-key-invite')).toHaveAttribute('data-feature', 'translation');
      await expect(page.locator('[role="alert"], .error-box')).toHaveCount(0);
      await page.getByTestId('reading-view').getByRole('button', { name: /^天気/ }).click();
      const panel = page.getByTestId('detail-panel');
      await expect(panel.getByTestId('detail-offline')).toBeVisible();
      await expect(panel.getByTestId('no-key-invite')).toHaveAttribute('data-feature', 'detail');
      await expect(panel.getByTestId('detail-dictionaryForm')).toContainText('天気');
      await screenshot(page, 'error-no-key-en');
    } finally {
      await keyless.server.rpc('settings.set', { uiLocale: 'zh-CN', explanationLocale: 'zh-CN', welcomeDismissed: false });
    }
  });

  test('a reply broken mid-stream is reported; going offline shows the indicator', async ({ open, stack, context }) => {
    const page = await open();
    await page.getByTestId('chat-toggle').click();
    stack.gw.script({ kind: 'midStreamError', text: 'はい、', message: 'Provider disconnected' });
    await page.locator('#chat-input').fill('質問です');
    await page.keyboard.press('Enter');
    const err = page.getByTestId('chat-error');
    await expect(err).toBeVisible();
    // Said in the UI language (the answer broke off midway), never in the provider's words.
    await expect(err).toContainText('中途中断');
    await expect(err).not.toContainText('Provider disconnected');
    await page.keyboard.press('Escape');

    await context.setOffline(true);
    await expect(page.getByTestId('offline-indicator')).toHaveText('离线');
    await screenshot(page, 'offline-light');
    await context.setOffline(false);
    await expect(page.getByTestId('offline-indicator')).toHaveCount(0);
  });
});
