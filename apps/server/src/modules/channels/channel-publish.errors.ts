import type { ModuleErrors } from '../../platform/errors.ts';

/** Publishing master products to shops (ADR 0038); merged into the one table in http/error-status.ts. */
export const channelPublishErrors = {
  PUBLISH_BATCH_NOT_FOUND: 404,
} as const satisfies ModuleErrors;
