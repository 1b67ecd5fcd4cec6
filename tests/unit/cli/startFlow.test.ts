import { describe, expect, it } from 'vitest';
import { installElectron, installerReason } from '../../../electron/cli/electronInstaller.mjs';
import { startFlow, type InstallOutcome, type StartDeps } from '../../../electron/cli/startFlow.mjs';

/** Dependencies that record what the flow did; the binary appears once `installed` is true. */
function deps(opts: { present?: boolean; install?: InstallOutcome; installWritesBinary?: boolean; build?: number; sqlite?: () => string }) {
  const calls: string[] = [];
  const out: string[] = [];
  const err: string[] = [];
  let installed = opts.present ?? false;
  const d: StartDeps = {
    findBinary: () => (installed ? '/fake/electron' : undefined),
    installElectron: async () => {
      calls.push('install');
      const r = opts.install ?? { ok: true };
      if (r.ok && opts.installWritesBinary !== false) installed = true;
      return r;
    },
    ensureSqlite: () => {
      calls.push('sqlite');
      return opts.sqlite ? opts.sqlite() : '/fake/better_sqlite3.node';
    },
    build: () => {
      calls.push('build');
      return opts.build ?? 0;
    },
    launch: async (bin, binding) => {
      calls.push(`launch ${bin} ${binding}`);
      return 0;
    },
    log: (l) => out.push(l),
    error: (t) => err.push(t),
  };
  return { d, calls, out, err };
}

describe('npm start flow', () => {
  it('fetches a missing binary once with the installer, then prepares sqlite, builds and launches', async () => {
    const { d, calls, out } = deps({});
    expect(await startFlow(d)).toBe(0);
    expect(calls).toEqual(['install', 'sqlite', 'build', 'launch /fake/electron /fake/better_sqlite3.node']);
    expect(out.join('\n')).toMatch(/fetching the Electron binary/);
  });

  it('names the installer’s reason, points to npm run serve and exits non-zero when the download fails', async () => {
    const { d, calls, err } = deps({ install: { ok: false, reason: 'RequestError: getaddrinfo ENOTFOUND github.com (installer exit code 1)' } });
    expect(await startFlow(d)).toBe(1);
    expect(calls).toEqual(['install']);
    expect(err.join('\n')).toContain('Reason: RequestError: getaddrinfo ENOTFOUND github.com (installer exit code 1)');
    expect(err.join('\n')).toContain('npm run serve');
  });

  it('reports an installer that succeeded without leaving a binary', async () => {
    const { d, calls, err } = deps({ installWritesBinary: false });
    expect(await startFlow(d)).toBe(1);
    expect(calls).toEqual(['install']);
    expect(err.join('\n')).toMatch(/no Electron binary/);
  });

  it('never calls the installer when the binary is present', async () => {
    const { d, calls, out } = deps({ present: true });
    expect(await startFlow(d)).toBe(0);
    expect(calls).toEqual(['sqlite', 'build', 'launch /fake/electron /fake/better_sqlite3.node']);
    expect(out).toEqual([]);
  });

  it('stops with the build’s exit code when the build fails, and on a sqlite failure points to browser mode', async () => {
    const failedBuild = deps({ present: true, build: 2 });
    expect(await startFlow(failedBuild.d)).toBe(2);
    expect(failedBuild.calls.some((c) => c.startsWith('launch'))).toBe(false);
    const noSqlite = deps({ present: true, sqlite: () => { throw new Error('could not build better-sqlite3 for Electron'); } });
    expect(await startFlow(noSqlite.d)).toBe(1);
    expect(noSqlite.err.join('\n')).toMatch(/could not build better-sqlite3[\s\S]*npm run serve/);
  });
});

describe('Electron installer wrapper', () => {
  it('takes the first line the installer printed, with its exit code', () => {
    expect(installerReason('\nRequestError: connect ECONNREFUSED 127.0.0.1:9\n    at ClientRequest…\n', 1, null)).toBe(
      'RequestError: connect ECONNREFUSED 127.0.0.1:9 (installer exit code 1)',
    );
    expect(installerReason('', null, 'SIGTERM')).toBe("Electron's installer failed (stopped by SIGTERM)");
  });

  it('does not download when ELECTRON_SKIP_BINARY_DOWNLOAD is set, and says so', async () => {
    const r = await installElectron('/nonexistent', { env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } });
    expect(r).toEqual({ ok: false, reason: expect.stringContaining('ELECTRON_SKIP_BINARY_DOWNLOAD') });
  });
});
