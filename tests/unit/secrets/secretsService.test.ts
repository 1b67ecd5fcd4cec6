import { describe, expect, it } from 'vitest';
import type { SecretBackend } from '../../../electron/core/secrets/backend';
import { createEncryptedFileBackend, type SafeStorageLike } from '../../../electron/core/secrets/encryptedFileBackend';
import { SecretsService } from '../../../electron/core/secrets/secretsService';
import { makeTempDir } from '../../support/tempDir';
import { memoryBackend } from '../../support/testCore';
import fs from 'node:fs';
import path from 'node:path';

/** Stands in for Electron's safeStorage: reversible but not plain text. */
function fakeSafeStorage(backend: string, available = true): SafeStorageLike {
  return {
    isEncryptionAvailable: () => available,
    encryptString: (s) => Buffer.from(Buffer.from(s, 'utf8').map((b) => b ^ 0x5a)),
    decryptString: (b) => Buffer.from(b.map((x) => x ^ 0x5a)).toString('utf8'),
    getSelectedStorageBackend: () => backend,
  };
}

const failing = (label: string): SecretBackend => ({
  kind: 'keychain',
  label,
  probe: async () => {
    throw new Error('no Secret Service');
  },
  get: async () => null,
  set: async () => {},
  delete: async () => false,
});

describe('SecretsService', () => {
  it('falls back to the next backend and names the active one', async () => {
    const mem = memoryBackend();
    const s = new SecretsService({ backends: [failing('keyring'), mem], env: {} });
    const status = await s.status();
    expect(status.backend).toBe('keychain');
    expect(status.backendLabel).toBe('memory');
  });

  it('with no backend, status says so with an error id; the system reason goes only to the log', async () => {
    const logged: string[] = [];
    const s = new SecretsService({ backends: [failing('Secret Service')], env: { openrouter: 'env-key-abcd' }, log: (line, detail) => logged.push(`${line} ${detail}`) });
    const status = await s.status();
    expect(status.backend).toBe('none');
    expect(status.unavailable).toEqual({ insecureFallback: false, errorId: expect.stringMatching(/^[0-9a-f]{8}$/) });
    expect(JSON.stringify(status)).not.toContain('Secret Service');
    expect(logged).toEqual([expect.stringContaining(`error id ${status.unavailable!.errorId}`)]);
    expect(logged[0]).toContain('no Secret Service');
    expect(status.keys.openrouter).toEqual({ set: true, source: 'env', hint: 'abcd' });
    await expect(s.set('gemini', 'some-key-123456')).rejects.toMatchObject({ data: { code: 'keychain_unavailable', details: { errorId: status.unavailable!.errorId } } });
    expect(await s.resolve('openrouter')).toBe('env-key-abcd');
  });

  it('never puts a key into status', async () => {
    const s = new SecretsService({ backends: [memoryBackend()], env: {} });
    const status = await s.set('openrouterManagement', 'sk-or-mgmt-SECRETVALUE-9z9z');
    expect(JSON.stringify(status)).not.toContain('SECRETVALUE');
    expect(status.keys.openrouterManagement.hint).toBe('9z9z');
  });
});

describe('safeStorage file backend', () => {
  it('round-trips encrypted values in its own file, not in plain text', async () => {
    const t = makeTempDir();
    const b = createEncryptedFileBackend(fakeSafeStorage('gnome_libsecret'), t.dir, { allowInsecure: () => false });
    await b.probe();
    await b.set('openrouter', 'sk-plain-text-never');
    expect(await b.get('openrouter')).toBe('sk-plain-text-never');
    const raw = fs.readFileSync(path.join(t.dir, 'secrets.bin.json'), 'utf8');
    expect(raw).not.toContain('sk-plain-text-never');
    expect(await b.delete('openrouter')).toBe(true);
    expect(await b.get('openrouter')).toBeNull();
    t.cleanup();
  });

  it('refuses the insecure basic_text backend unless the user allowed it', async () => {
    const t = makeTempDir();
    let allowed = false;
    const b = createEncryptedFileBackend(fakeSafeStorage('basic_text'), t.dir, { allowInsecure: () => allowed });
    await expect(b.probe()).rejects.toThrow(/basic_text/);
    // The service tells the UI the fallback can be allowed, and picks it once it is.
    const s = new SecretsService({ backends: [failing('Secret Service'), b], env: {}, log: () => undefined });
    expect((await s.status()).unavailable?.insecureFallback).toBe(true);
    allowed = true;
    await expect(b.probe()).resolves.toBeUndefined();
    s.reselect();
    expect(await s.status()).toMatchObject({ backend: 'safeStorage' });
    expect((await s.status()).unavailable).toBeUndefined();
    t.cleanup();
  });

  it('a keys file it cannot read is never treated as empty: saving is refused, the file and its keys are kept', async () => {
    const t = makeTempDir();
    const file = path.join(t.dir, 'secrets.bin.json');
    const b = createEncryptedFileBackend(fakeSafeStorage('gnome_libsecret'), t.dir, { allowInsecure: () => false });
    await b.set('gemini', 'gemini-key-to-keep');
    // Damaged (cut short by a full disk, edited by hand…): the gemini key is still in there.
    const damaged = fs.readFileSync(file, 'utf8').slice(0, -3);
    fs.writeFileSync(file, damaged);
    await expect(b.set('openrouter', 'sk-new-key-123')).rejects.toMatchObject({
      data: { code: 'storage_error', message: expect.stringMatching(/cannot be read.*Nothing was saved/) },
    });
    await expect(b.delete('gemini')).rejects.toMatchObject({ data: { code: 'storage_error' } });
    expect(fs.readFileSync(file, 'utf8')).toBe(damaged);
    // The service passes the refusal on to the caller (Settings shows it) instead of dropping keys.
    const s = new SecretsService({ backends: [b], env: {} });
    await expect(s.set('openrouter', 'sk-new-key-123')).rejects.toMatchObject({ data: { code: 'storage_error' } });
    expect(fs.readFileSync(file, 'utf8')).toBe(damaged);
    // Valid JSON of the wrong shape is refused the same way.
    fs.writeFileSync(file, '["not", "a", "map"]');
    await expect(b.set('openrouter', 'sk-new-key-123')).rejects.toMatchObject({ data: { code: 'storage_error' } });
    t.cleanup();
  });

  it('is unavailable when encryption is unavailable', async () => {
    const t = makeTempDir();
    const b = createEncryptedFileBackend(fakeSafeStorage('gnome_libsecret', false), t.dir, { allowInsecure: () => true });
    await expect(b.probe()).rejects.toThrow(/not available/);
    t.cleanup();
  });
});
