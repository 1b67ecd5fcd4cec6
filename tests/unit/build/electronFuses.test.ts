/**
 * The packaged app's Electron fuses (electron-builder flips them at build
 * time): no ELECTRON_RUN_AS_NODE, NODE_OPTIONS or --inspect, encrypted cookies,
 * the app loaded only from its integrity-checked asar.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { build?: { electronFuses?: Record<string, unknown> } };
const schema = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/app-builder-lib/scheme.json'), 'utf8')) as {
  definitions: { FuseOptionsV1: { properties: Record<string, unknown> } };
};

const EXPECTED = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableCookieEncryption: true,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
};

describe('electron-builder fuses', () => {
  it('flips each security fuse the way the checklist asks', () => {
    const fuses = pkg.build?.electronFuses;
    expect(fuses).toBeDefined();
    for (const [name, value] of Object.entries(EXPECTED)) expect(fuses?.[name], name).toBe(value);
  });

  it('uses only option names electron-builder knows (its schema rejects anything else)', () => {
    const known = Object.keys(schema.definitions.FuseOptionsV1.properties);
    for (const name of Object.keys(pkg.build?.electronFuses ?? {})) expect(known, name).toContain(name);
  });
});
