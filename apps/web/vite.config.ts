import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server; KELOLA_API_URL points the dev and preview servers elsewhere.
const apiTarget = process.env.KELOLA_API_URL ?? 'http://localhost:3000';
const contractsLocales = fileURLToPath(new URL('../../packages/contracts/locales', import.meta.url));

// Vendor groups keep the entry chunk small (budget: entry JS ≤ 200 KB gzip, ARCHITECTURE §10).
const vendorGroups = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/u, priority: 40 },
  { name: 'router', test: /[\\/]node_modules[\\/](react-router)[\\/]/u, priority: 30 },
  // Locale files other than id_ID and en_US stay out: each format locale loads on demand (account settings).
  {
    name: 'antd',
    test: /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion|stylis)[\\/](?!(?:[^\\/]+[\\/])*locale[\\/](?!id_ID\.|en_US\.)[a-z]{2,3}_[A-Z]{2}\.js$)/u,
    priority: 20,
  },
  { name: 'query', test: /[\\/]node_modules[\\/](@tanstack)[\\/]/u, priority: 10 },
  { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/u, priority: 10 },
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
