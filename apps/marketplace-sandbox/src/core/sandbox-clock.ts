/**
 * The sandbox's notion of "now". Tests use a manual clock and move it with `advance` (or the admin endpoint), so
 * order progress, token expiry and image processing happen without real waiting.
 */
export type SandboxClock = { now(): number; advance(ms: number): number };

export const manualClock = (startMs: number): SandboxClock => {
  let current = startMs;
  return {
    now: () => current,
    advance: (ms) => (current += ms),
  };
};

/** Real time plus whatever an operator skipped ahead with the admin endpoint. */
export const systemClock = (): SandboxClock => {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
      return Date.now() + offset;
    },
  };
};
