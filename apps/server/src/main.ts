import { openPlatform, registerWorkers } from './composition.ts';
import { loadConfig } from './config.ts';
import { startDemoShops } from './demo/demo-shops.ts';
import { seedDemo } from './demo/seed-demo.ts';
import { buildApp } from './http/app.ts';
import { loadAreas } from './modules/areas/index.ts';
import { startEmbeddedSandbox } from './platform/sandbox.ts';

/** `kelola` serves the API, the web app and (unless JOBS=false) the workers; `kelola worker` runs workers only. */
async function main(): Promise<void> {
  const mode = process.argv[2] === 'worker' ? 'worker' : 'serve';
  const config = loadConfig();
  const platform = await openPlatform(config);
  const shutdownTasks: (() => Promise<void>)[] = [];
  let stopping = false;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${reason}: shutting down`);
    for (const task of shutdownTasks) await task().catch((err: unknown) => console.error(err));
    await platform.database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGHUP', () => void stop('SIGHUP'));
  // Started by `npm start` (scripts/launch.mjs) with an IPC channel: it closes when the launcher dies, even by
  // SIGKILL, and the server then stops instead of holding the data directory on its own.
  if (process.channel) {
    process.channel.unref();
    process.on('disconnect', () => void stop('launcher gone'));
    if (!process.connected) void stop('launcher gone');
  }

  if (config.jobs || mode === 'worker') {
    await platform.jobs.start();
    await registerWorkers(platform);
    shutdownTasks.push(() => platform.jobs.stop());
  }

  if (mode === 'serve') {
    const { fastify } = await buildApp(platform);
    // Reference data of every address form (and of the demo warehouses): about 1.5 s once, a count check after.
    const areas = await loadAreas(platform.database);
    if (areas.inserted > 0) fastify.log.info(areas, 'areas loaded');
    if (config.demo) await seedDemo(platform, fastify.log);
    await fastify.listen({ port: config.port, host: config.host });
    shutdownTasks.unshift(() => fastify.close());
    const stopSandbox = await startEmbeddedSandbox(config, fastify.log);
    if (stopSandbox) shutdownTasks.unshift(stopSandbox);
    // In the background: the sandbox shops of the demo and their orders (the sandbox pushes them to this server).
    if (config.demoShops) shutdownTasks.unshift(startDemoShops(platform, fastify.log));
    if (config.demo) {
      fastify.log.info(`Kelola is running on ${config.publicUrl} — demo sign-in: demo@kelola.id / Kelola#2026`);
      console.log(`\n  Kelola: ${config.publicUrl}\n  Demo sign-in: demo@kelola.id / Kelola#2026\n`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && !error.message.includes('in use by another Kelola process')) console.error(error.stack);
  process.exit(1);
});
