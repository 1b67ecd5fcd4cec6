/** `npm test`'s closing line (tests/run.mjs): a skipped test is counted as skipped and named, never as passed. */
import { describe, expect, it } from 'vitest';
import { summarize, summaryLines } from '../../support/testSummary.mjs';

// The shapes of vitest's `--reporter=json` and Playwright's JSON reporter, cut to what is read.
const vitest = {
  testResults: [
    {
      assertionResults: [
        { status: 'passed', title: 'round-trips', fullName: 'secrets round-trips' },
        { status: 'skipped', title: 'stores a key', fullName: 'keychain round trip stores a key' },
        { status: 'failed', title: 'breaks', fullName: 'x breaks' },
        { status: 'todo', title: 'later', fullName: 'x later' },
      ],
    },
  ],
};
const playwright = {
  suites: [
    {
      title: 'app.spec.ts',
      specs: [
        { title: 'opens the window', tests: [{ status: 'skipped' }] },
        { title: 'reads', tests: [{ status: 'expected' }] },
        { title: 'retried', tests: [{ status: 'flaky' }] },
      ],
      suites: [{ title: 'nested', specs: [{ title: 'fails', tests: [{ status: 'unexpected' }] }] }],
    },
  ],
};

describe('test summary', () => {
  it('counts skipped tests of both runners as skipped and names them', () => {
    const s = summarize(vitest, playwright);
    expect(s).toEqual({
      passed: 3,
      failed: 2,
      skipped: 3,
      skippedTitles: ['keychain round trip stores a key', 'x later', 'opens the window'],
    });
    expect(summaryLines(s)[0]).toBe('3 passed, 2 failed, 3 skipped');
    expect(summaryLines(s)).toContain('  skipped: keychain round trip stores a key');
  });

  it('a runner that did not run adds nothing', () => {
    expect(summarize(undefined, undefined)).toEqual({ passed: 0, failed: 0, skipped: 0, skippedTitles: [] });
  });
});
