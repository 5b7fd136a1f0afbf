import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server; KELOLA_API_URL points the dev and preview servers elsewhere.
const apiTarget = process.env.KELOLA_API_URL ?? 'http://localhost:3000';
const contractsLocales = fileURLToPath(new URL('../../packages/contracts/locales', import.meta.url));

type ModuleGraph = { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null };

/**
 * The first screens in few requests (ADR 0044): what the entry, the sign-in pages or the signed-in shell import
 * statically (antd's parts, icons, the app's own helpers) goes into one chunk per tier instead of dozens of small
 * shared chunks; what only screens use is left to the automatic split (per screen, shared between screens). A
 * module's tier is the first of `shell` (reached from main.tsx), `auth` (from a sign-in page) and `app` (from the
 * signed-in layout) whose static imports reach it.
 */
const src = fileURLToPath(new URL('./src', import.meta.url));
const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : /\.tsx?$/u.test(entry.name) && !/\.test\./u.test(entry.name) ? [full] : [];
  });
const TIER_ROOTS: [tier: string, roots: () => string[]][] = [
  ['shell', () => [path.join(src, 'main.tsx')]],
  ['auth', () => filesUnder(path.join(src, 'features/auth/screens'))],
  ['app', () => [path.join(src, 'app/layouts/main-layout.tsx')]],
];
let tiers: Map<string, string> | null = null;
function tierOf(id: string, graph: ModuleGraph): string | null {
  if (!tiers) {
    const found = new Map<string, string>();
    for (const [tier, roots] of TIER_ROOTS) {
      const queue = roots();
      while (queue.length > 0) {
        const next = queue.pop() as string;
        if (found.has(next)) continue;
        const info = graph.getModuleInfo(next);
        if (!info) continue;
        found.set(next, tier);
        queue.push(...info.importedIds);
      }
    }
    tiers = found;
  }
  if (id.includes('\0') || /\.json$/u.test(id)) return null;
  const tier = tiers.get(id);
  return tier ? `ui-${tier}` : null;
}

// Vendor groups keep the entry chunk small (budget: entry JS ≤ 200 KB gzip, ARCHITECTURE §10).
const vendorGroups = [
  // Each language's texts (the app's and the contracts' locale files) as one chunk, loaded when that language is used.
  { name: (id: string) => /[\\/]locales[\\/](id|en)[\\/][a-z0-9-]+\.json$/u.exec(id)?.[1]?.replace(/^/u, 'texts-') ?? null, priority: 50 },
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/u, priority: 40 },
  { name: 'router', test: /[\\/]node_modules[\\/](react-router)[\\/]/u, priority: 30 },
  { name: 'query', test: /[\\/]node_modules[\\/](@tanstack)[\\/]/u, priority: 10 },
  { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/u, priority: 10 },
  { name: (id: string, graph: ModuleGraph) => tierOf(id, graph), priority: 5 },
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@contracts-locales': contractsLocales },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
