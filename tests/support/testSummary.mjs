/**
 * The closing line of `npm test` over both runners' JSON reports. A skipped
 * test is counted as skipped (never as passed) and named, so a keychain or
 * Electron spec that could not run here is visible in the summary.
 */

/** Vitest's JSON report (`--reporter=json`) and Playwright's (`PLAYWRIGHT_JSON_OUTPUT_NAME`); either may be missing. */
export function summarize(vitest, playwright) {
  const out = { passed: 0, failed: 0, skipped: 0, skippedTitles: [] };
  if (vitest) {
    for (const file of vitest.testResults ?? []) {
      for (const a of file.assertionResults ?? []) {
        if (a.status === 'passed') out.passed++;
        else if (a.status === 'failed') out.failed++;
        else {
          out.skipped++;
          out.skippedTitles.push(a.fullName ?? a.title);
        }
      }
    }
  }
  if (playwright) {
    const visit = (suite, prefix) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          const title = `${prefix}${spec.title}`;
          // expected: passed; flaky: passed on a retry; unexpected: failed; skipped: test.skip() or fixme.
          if (t.status === 'expected' || t.status === 'flaky') out.passed++;
          else if (t.status === 'skipped') {
            out.skipped++;
            out.skippedTitles.push(title);
          } else out.failed++;
        }
      }
      for (const s of suite.suites ?? []) visit(s, `${prefix}${s.title} › `);
    };
    for (const s of playwright.suites ?? []) visit(s, '');
  }
  return out;
}

export function summaryLines(s) {
  const lines = [`${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`];
  for (const t of s.skippedTitles) lines.push(`  skipped: ${t}`);
  return lines;
}
