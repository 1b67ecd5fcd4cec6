/** App-level methods: info, settings, keys, and a diagnostic stream. */
import { z } from 'zod';
import type { SecretsStatus } from '../secrets';
import { SECRET_NAMES, SECRET_VALUE_PATTERN, SECRET_VALUE_RULE } from '../secrets';
import { SettingsPatchSchema, type Settings } from '../settings';
import { call, stream, type, type AnyDef } from './define';

export interface AppInfo {
  name: string;
  version: string;
  /** `electron` in the desktop app, `browser` behind `npm run serve`. */
  mode: 'electron' | 'browser';
  platform: string;
  dataDir: string;
  schemaVersion: number;
  /** Browser mode only: where the server listens and why (setting `sharing`, `CODE`, `HOST`). */
  sharing?: SharingStatus;
}

export interface SharingStatus {
  /** The address the server is bound to. */
  host: string;
  /** Reachable from other machines. */
  shared: boolean;
  /** `HOST` was set in the environment: it decides, not the setting. */
  hostFromEnv: boolean;
  /** Sharing is turned on but the server stayed on loopback: no access code (`CODE`) is set. */
  refused?: 'no_code';
}

export const appMethods = {
  'app.info': call({ args: z.tuple([]), result: type<AppInfo>() }),
  'settings.get': call({ args: z.tuple([]), result: type<Settings>() }),
  'settings.set': call({ args: z.tuple([SettingsPatchSchema]), result: type<Settings>() }),
  'secrets.status': call({ args: z.tuple([]), result: type<SecretsStatus>() }),
  'secrets.set': call({
    args: z.tuple([z.enum(SECRET_NAMES), z.string().trim().min(8).max(4096).regex(SECRET_VALUE_PATTERN, SECRET_VALUE_RULE)]),
    result: type<SecretsStatus>(),
  }),
  'secrets.clear': call({ args: z.tuple([z.enum(SECRET_NAMES)]), result: type<SecretsStatus>() }),
  /** A diagnostic stream: counts up, one chunk per tick. Used by tests of every transport. */
  'dev.count': stream({
    args: z.tuple([
      z.object({ to: z.number().int().min(0).max(10_000), intervalMs: z.number().int().min(0).max(5_000).default(0) }),
    ]),
    chunk: type<number>(),
    result: type<{ count: number }>(),
  }),
} satisfies Record<string, AnyDef>;
