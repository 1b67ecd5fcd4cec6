import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsService } from '../../../electron/core/settings/settingsService';
import { openDatabase } from '../../../electron/core/store/database';
import { SettingsRepo } from '../../../electron/core/store/settingsRepo';

const opened: Array<{ dir: string; close(): void }> = [];
function open() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yomimono-locale-'));
  const { db } = openDatabase({ dir });
  opened.push({ dir, close: () => db.close() });
  return { db, repo: new SettingsRepo(db), reopen: () => new SettingsService(new SettingsRepo(db)) };
}
afterEach(() => {
  for (const o of opened.splice(0)) {
    o.close();
    fs.rmSync(o.dir, { recursive: true, force: true });
  }
});

describe('the learner’s language choice in the settings table', () => {
  it('a first run has chosen nothing and has not dismissed the welcome', () => {
    const { reopen } = open();
    expect(reopen().get()).toMatchObject({ uiLocaleChosen: false, explanationLocaleChosen: false, welcomeDismissed: false });
  });

  it('choosing a language marks it chosen and persists; the other stays free', () => {
    const { reopen } = open();
    reopen().set({ uiLocale: 'ko' });
    expect(reopen().get()).toMatchObject({ uiLocale: 'ko', uiLocaleChosen: true, explanationLocaleChosen: false });
    reopen().set({ welcomeDismissed: true });
    expect(reopen().get()).toMatchObject({ uiLocale: 'ko', uiLocaleChosen: true, welcomeDismissed: true });
  });

  it('a language stored before the flags existed counts as chosen', () => {
    const { repo, reopen } = open();
    repo.setMany({ uiLocale: 'en' });
    expect(reopen().get()).toMatchObject({ uiLocale: 'en', uiLocaleChosen: true, explanationLocaleChosen: false });
  });
});
