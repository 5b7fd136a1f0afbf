export { createSandbox } from './create-sandbox.ts';
export { SANDBOX_CREDENTIALS, SANDBOX_PREFIXES, sandboxBaseUrls } from './sandbox-credentials.ts';
export { manualClock, systemClock } from './core/sandbox-clock.ts';
export type { SandboxClock } from './core/sandbox-clock.ts';
export type { SandboxOptions, Marketplace as SandboxMarketplace } from './core/sandbox-types.ts';
