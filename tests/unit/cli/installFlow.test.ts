import { describe, expect, it } from 'vitest';
import { installFlow, type InstallDeps } from '../../../electron/cli/installFlow.mjs';
import type { InstallOutcome } from '../../../electron/cli/startFlow.mjs';

function deps(opts: { present?: boolean; skip?: boolean; install?: InstallOutcome }) {
  let installed = opts.present ?? false;
  let calls = 0;
  const out: string[] = [];
  const d: InstallDeps = {
    findBinary: () => (installed ? '/fake/electron' : undefined),
    installElectron: async () => {
      calls += 1;
      const r = opts.install ?? { ok: true };
      if (r.ok) installed = true;
      return r;
    },
    skip: opts.skip ?? false,
    log: (l) => out.push(l),
  };
  return { d, out, calls: () => calls };
}

describe('npm install (postinstall) and the Electron binary', () => {
  it('fetches a missing binary once with the installer', async () => {
    const { d, out, calls } = deps({});
    expect(await installFlow(d)).toBe('installed');
    expect(calls()).toBe(1);
    expect(out.join('\n')).toContain('Electron binary installed');
  });

  it('never calls the installer when the binary is present', async () => {
    const { d, calls } = deps({ present: true });
    expect(await installFlow(d)).toBe('present');
    expect(calls()).toBe(0);
  });

  it('does not download when ELECTRON_SKIP_BINARY_DOWNLOAD is set (CI), and says so', async () => {
    const { d, out, calls } = deps({ skip: true });
    expect(await installFlow(d)).toBe('skipped');
    expect(calls()).toBe(0);
    expect(out.join('\n')).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
  });

  it('a failed download names its reason and leaves the install successful for npm start to retry', async () => {
    const { d, out, calls } = deps({ install: { ok: false, reason: 'getaddrinfo ENOTFOUND example.invalid' } });
    expect(await installFlow(d)).toBe('failed');
    expect(calls()).toBe(1);
    expect(out.join('\n')).toContain('getaddrinfo ENOTFOUND example.invalid');
    expect(out.join('\n')).toContain('npm start');
  });
});
