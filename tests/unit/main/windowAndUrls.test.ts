import { describe, expect, it } from 'vitest';
import { isOwnUrl } from '../../../electron/main/ownUrl';
import { restoreBounds, saveBounds } from '../../../electron/main/windowState';
import { SettingsRepo } from '../../../electron/core/store/settingsRepo';
import { memoryDb } from '../../support/memoryDb';

describe('isOwnUrl (IPC sender and navigation checks)', () => {
  const file = 'file:///opt/yomimono/out/renderer/index.html';
  it('accepts only our own page', () => {
    expect(isOwnUrl(file, file)).toBe(true);
    expect(isOwnUrl(`${file}#/settings`, file)).toBe(true);
    expect(isOwnUrl('file:///tmp/evil.html', file)).toBe(false);
    expect(isOwnUrl('https://example.com/', file)).toBe(false);
    expect(isOwnUrl('not a url', file)).toBe(false);
    expect(isOwnUrl('http://localhost:5173/x', 'http://localhost:5173/')).toBe(true);
    expect(isOwnUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
  });
});

describe('window bounds', () => {
  const repo = () => new SettingsRepo(memoryDb());
  const display = { x: 0, y: 0, width: 1920, height: 1080 };

  it('restores saved bounds that are visible', () => {
    const r = repo();
    expect(restoreBounds(r, [display])).toBeUndefined();
    saveBounds(r, { x: 100, y: 80, width: 1000, height: 700, maximized: true });
    expect(restoreBounds(r, [display])).toEqual({ x: 100, y: 80, width: 1000, height: 700, maximized: true });
  });

  it('moves a window that was on a display that is gone back onto the first one', () => {
    const r = repo();
    saveBounds(r, { x: 3000, y: 100, width: 1000, height: 700, maximized: false });
    expect(restoreBounds(r, [display])).toMatchObject({ x: 0, y: 0, width: 1000, height: 700 });
  });

  it('ignores damaged saved bounds', () => {
    const r = repo();
    r.setMany({ 'window.bounds': { x: 'a', width: 5 } });
    expect(restoreBounds(r, [display])).toBeUndefined();
  });
});
