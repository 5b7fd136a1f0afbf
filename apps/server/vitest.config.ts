import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // Each file's database starts from one migrated copy (test/global-setup.ts), and the files of one worker share
    // the loaded modules (no module state is kept between files: each builds its own app and platform). Together
    // they take about 6 s off each of about a hundred files on a 2-core machine.
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
