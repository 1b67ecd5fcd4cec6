/**
 * The window's guard rails (electron/main/security.ts) driven with fake
 * webContents and session objects that record the handlers main installs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy } from '../../../electron/core/http/staticFiles';
import { launchOptions } from '../../../electron/main/launchOptions';
import { isPermissionAllowed, lockDownWebContents, type GuardedContents, type SessionLike } from '../../../electron/main/security';

const APP = 'file:///opt/yomimono/out/renderer/index.html';

type Headers = Record<string, string[] | string>;

class FakeSession implements SessionLike {
  requestHandler?: Parameters<SessionLike['setPermissionRequestHandler']>[0];
  checkHandler?: Parameters<SessionLike['setPermissionCheckHandler']>[0];
  headersListener?: Parameters<SessionLike['webRequest']['onHeadersReceived']>[0];
  setPermissionRequestHandler(h: NonNullable<FakeSession['requestHandler']>) {
    this.requestHandler = h;
  }
  setPermissionCheckHandler(h: NonNullable<FakeSession['checkHandler']>) {
    this.checkHandler = h;
  }
  readonly webRequest = {
    onHeadersReceived: (l: NonNullable<FakeSession['headersListener']>) => {
      this.headersListener = l;
    },
  };
  /** What a permission request resolves to. */
  request(permission: string, pageUrl: string): Promise<boolean> {
    return new Promise((resolve) => this.requestHandler!({ getURL: () => pageUrl }, permission, resolve, { requestingUrl: pageUrl }));
  }
  check(permission: string, pageUrl: string | null, origin: string): boolean {
    return this.checkHandler!(pageUrl === null ? null : { getURL: () => pageUrl }, permission, origin);
  }
  headers(url: string, responseHeaders: Headers): Headers | undefined {
    let out: Headers | undefined;
    this.headersListener!({ url, responseHeaders }, (r) => (out = r.responseHeaders));
    return out;
  }
}

class FakeContents implements GuardedContents {
  readonly session = new FakeSession();
  openHandler?: (d: { url: string }) => { action: 'deny' };
  readonly listeners = new Map<string, (...args: never[]) => void>();
  setWindowOpenHandler(h: (d: { url: string }) => { action: 'deny' }) {
    this.openHandler = h;
  }
  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, listener);
    return this;
  }
  /** Fires will-navigate; true when the navigation was blocked. */
  navigate(url: string): boolean {
    let prevented = false;
    (this.listeners.get('will-navigate') as (e: { preventDefault(): void }, url: string) => void)({ preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

function setup(appUrl = APP) {
  const opened: string[] = [];
  const wc = new FakeContents();
  lockDownWebContents(wc, appUrl, { openExternal: (url) => void opened.push(url) });
  return { wc, opened };
}

describe('lockDownWebContents', () => {
  it('denies every window.open; web links go to the system browser, other schemes nowhere', () => {
    const { wc, opened } = setup();
    expect(wc.openHandler!({ url: 'https://jisho.org/search/猫' })).toEqual({ action: 'deny' });
    expect(wc.openHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(wc.openHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://jisho.org/search/猫']);
  });

  it('blocks navigation away from the app and lets in-app navigation through', () => {
    const { wc, opened } = setup();
    expect(wc.navigate(`${APP}#/settings`)).toBe(false);
    expect(wc.navigate('https://example.com/')).toBe(true);
    expect(wc.navigate('file:///tmp/evil.html')).toBe(true);
    expect(opened).toEqual(['https://example.com/']);
  });

  it('refuses webviews', () => {
    const { wc } = setup();
    let prevented = false;
    (wc.listeners.get('will-attach-webview') as (e: { preventDefault(): void }) => void)({ preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
  });

  it('grants clipboard writes to our page only; clipboard reads and everything else are denied, by request and by check', async () => {
    const { wc } = setup();
    const s = wc.session;
    expect(await s.request('clipboard-sanitized-write', APP)).toBe(true);
    expect(await s.request('clipboard-read', APP)).toBe(false);
    for (const p of ['media', 'geolocation', 'notifications', 'openExternal', 'fullscreen']) expect(await s.request(p, APP), p).toBe(false);
    expect(await s.request('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(s.checkHandler).toBeDefined();
    expect(s.check('clipboard-sanitized-write', APP, 'file://')).toBe(true);
    expect(s.check('clipboard-read', APP, 'file://')).toBe(false);
    expect(s.check('media', APP, 'file://')).toBe(false);
    expect(s.check('clipboard-sanitized-write', 'https://evil.example/', 'https://evil.example')).toBe(false);
    expect(s.check('clipboard-sanitized-write', null, 'https://evil.example')).toBe(false);
    expect(isPermissionAllowed('clipboard-read', APP, APP)).toBe(false);
  });

  it('puts the CSP header on our own served pages (dev server), replacing a weaker one, and leaves other responses alone', () => {
    const dev = 'http://localhost:5173/';
    const { wc } = setup(dev);
    const h = wc.session.headers(`${dev}index.html`, { 'content-type': ['text/html'], 'content-security-policy': ["script-src *"] });
    // The dev server's page alone may carry Vite's <style> elements.
    expect(h).toEqual({ 'content-type': ['text/html'], 'Content-Security-Policy': [contentSecurityPolicy([], { devInlineStyles: true })] });
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(wc.session.headers('https://cdn.example/x.js', { a: ['b'] })).toBeUndefined();
  });
});

describe('launchOptions', () => {
  const built = 'file:///app/out/renderer/index.html';
  const env = { ELECTRON_RENDERER_URL: 'http://localhost:5173/', YOMIMONO_SQLITE_BINDING: '/tmp/evil.node' };

  it('a packaged app ignores ELECTRON_RENDERER_URL and YOMIMONO_SQLITE_BINDING', () => {
    expect(launchOptions(env, true, built)).toEqual({ rendererUrl: built });
  });

  it('in development both overrides apply; unset or blank ones fall back', () => {
    expect(launchOptions(env, false, built)).toEqual({ rendererUrl: 'http://localhost:5173/', sqliteBinding: '/tmp/evil.node' });
    expect(launchOptions({ ELECTRON_RENDERER_URL: ' ' }, false, built)).toEqual({ rendererUrl: built });
  });
});

describe('content security policy', () => {
  it('styles only from the app itself: no inline styles in the built page, browser mode or the desktop window', () => {
    const styleSrc = (policy: string) => policy.split(';').map((d) => d.trim()).find((d) => d.startsWith('style-src'));
    expect(styleSrc(CONTENT_SECURITY_POLICY)).toBe("style-src 'self'");
    const html = fs.readFileSync(path.join(import.meta.dirname, '../../../renderer/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(styleSrc(meta)).toBe("style-src 'self'");
    // The window on the built page (file://) gets the same.
    const { wc } = setup('file:///app/out/renderer/index.html');
    const h = wc.session.headers('file:///app/out/renderer/index.html', {});
    expect(styleSrc(String(h?.['Content-Security-Policy']))).toBe("style-src 'self'");
  });
});
