import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    // Node loads `antd` as its CommonJS build (lib) in the tests, the app's bundle as its ES build (es): a deep import
    // of antd/es/… (app/app-services.tsx) must reach the same modules, and so the same React contexts, as `antd`.
    resolve: { alias: [{ find: /^antd\/es\/(.*)$/u, replacement: 'antd/lib/$1' }] },
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      // The files share loaded modules (antd, the screens) instead of loading them again each: about a third of the
      // suite's time. src/test/setup.ts puts back what a test may change (language, format locale, theme, globals).
      isolate: false,
      testTimeout: 30_000,
      expect: { poll: { timeout: 10_000 } },
    },
  }),
);
