import { defineConfig } from 'vitest/config';

/** One run over every workspace; `--project <name>` picks one (domain, contracts, server, web, sandbox, e2e). */
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/contracts', 'apps/server', 'apps/web', 'apps/marketplace-sandbox', 'tests/e2e'],
  },
});
