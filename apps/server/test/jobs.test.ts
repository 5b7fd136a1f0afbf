import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, type Jobs } from '../src/platform/jobs/jobs.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

let app: TestApp;
let jobs: Jobs;
beforeAll(async () => {
  app = await buildTestApp();
  jobs = createJobs(app.platform.database);
  await jobs.start();
});
afterAll(async () => {
  await jobs?.stop();
  await app?.close();
});

describe('jobs on the same database', () => {
  it('runs a job sent to a queue, with its data', async () => {
    const seen: unknown[] = [];
    const done = new Promise<void>((resolve) => {
      void jobs.work<{ n: number }>('test-queue', async (data) => {
        seen.push(data);
        resolve();
      });
    });
    expect(await jobs.send('test-queue', { n: 42 })).toBeTruthy();
    await done;
    expect(seen).toEqual([{ n: 42 }]);
  });
});
