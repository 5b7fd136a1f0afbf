import { createSandbox } from './create-sandbox.ts';

// Standalone entry (`npm run sandbox`); the only place the sandbox reads the environment.
// SANDBOX_PORT, the same name the server reads for the embedded sandbox.
const port = Number(process.env.SANDBOX_PORT ?? 4010);
const host = process.env.SANDBOX_HOST ?? '127.0.0.1';
const app = createSandbox({
  seed: process.env.SANDBOX_SEED ?? 'kelola',
  ...(process.env.SANDBOX_CALLBACK_URL ? { callbackUrl: process.env.SANDBOX_CALLBACK_URL } : {}),
  logger: true,
});

app.listen({ port, host }).catch((error: unknown) => {
  app.log.error(error);
  process.exit(1);
});
