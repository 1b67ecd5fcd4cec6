import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SettingsPatchSchema, SettingsSchema } from '../../../shared/settings';

describe('SettingsPatchSchema', () => {
  it('carries only the fields a patch names (no defaults filled in)', () => {
    expect(SettingsPatchSchema.parse({ showRomaji: true })).toEqual({ showRomaji: true });
    expect(SettingsPatchSchema.parse({ tts: { gender: 'male' } })).toEqual({ tts: { gender: 'male' } });
    expect(SettingsPatchSchema.parse({ models: { gemini: 'gemini-2.5-pro' } })).toEqual({ models: { gemini: 'gemini-2.5-pro' } });
    expect(SettingsPatchSchema.parse({ taskModels: { openrouter: { chat: 'x/y' } } })).toEqual({ taskModels: { openrouter: { chat: 'x/y' } } });
  });

  it('still validates what it carries and refuses unknown fields', () => {
    expect(SettingsPatchSchema.safeParse({ furiganaMode: 'sometimes' }).success).toBe(false);
    // Only the shape of a model id: whether the catalog offers it is the core's rule (a model released today is valid today).
    expect(SettingsPatchSchema.safeParse({ models: { openrouter: 'not a model id' } }).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ models: { openrouter: 'vendor/released-today:free' } }).success).toBe(true);
    expect(SettingsPatchSchema.safeParse({ taskModels: { openrouter: { imageText: '' } } }).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ tts: { rate: 101 } }).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ bogus: 1 }).success).toBe(false);
  });

  it('accepts a whole settings object', () => {
    expect(SettingsPatchSchema.parse(DEFAULT_SETTINGS)).toEqual(SettingsSchema.parse({}));
  });
});
