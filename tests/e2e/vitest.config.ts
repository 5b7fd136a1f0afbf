import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: Playwright (playwright-core) driving Debian's /usr/bin/chromium against the real server,
 * started once by the global setup on a free port with a throw-away PGlite data directory.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['journeys/**/*.e2e.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    // One server and one Chromium per journey file at a time: journeys run in files one after another.
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // A journey waits on a real browser and server sharing two cores with the other suites: expect.poll's default
    // of one second is too short there; polls wait up to 15 s unless they say otherwise.
    expect: { poll: { timeout: 15_000 } },
    // A click lost while a screen re-renders on a machine at load 7 (CI runs the unit lane beside this one) fails a
    // journey that passes alone: a failed journey test is run once more, and its first failure is still printed. A
    // journey that is broken fails both times.
    retry: 1,
  },
});
