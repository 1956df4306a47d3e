import { expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/client.js';
import { JobQueue, declareQueue } from '../../src/server/jobs/queue.js';
import { createTestDatabase } from '../helpers/db.js';

const SLOW_JOB = declareQueue('test-slow-job');

/*
 * A handler still running when stop() gives up finishes after the database closed; pg-boss then records the outcome
 * without awaiting it. That must not surface as an unhandled rejection (vitest fails the run on one: it did, in CI,
 * from a test app closing while a job ran).
 */
test('a job that outlives stop() and the database ends quietly, and stays to run again', async () => {
  const target = await createTestDatabase();
  const database = await openDatabase(target.url);
  const queue = new JobQueue(database, { pollingIntervalSeconds: 0.5 });
  await queue.start();
  let release!: () => void;
  const running = new Promise<void>((resolve) => {
    let started = false;
    void queue.work<{ n: number }>(SLOW_JOB, async () => {
      if (!started) {
        started = true;
        resolve();
      }
      await new Promise<void>((r) => (release = r));
    });
  });
  await queue.send(SLOW_JOB, { n: 1 });
  await running;

  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  process.on('unhandledRejection', onRejection);
  try {
    await queue.stop(1000); // gives up on the handler after its bound
    await database.close();
    release(); // the handler finishes now; pg-boss writes its completion to a closed database
    await new Promise((r) => setTimeout(r, 500));
    expect(rejections).toEqual([]);
  } finally {
    process.off('unhandledRejection', onRejection);
  }

  // The job was never completed: pg-boss marked it failed at shutdown, so it waits for its retry in another process.
  // (An in-memory PGlite is gone once closed: only PostgreSQL can be looked at again.)
  if (!target.url.startsWith('postgres')) return;
  const reopened = await openDatabase(target.url);
  try {
    const { rows } = await reopened.exec(`select state from pgboss.job where name = $1`, [SLOW_JOB]);
    expect(rows.map((r) => r.state)).toEqual(['retry']);
  } finally {
    await reopened.close();
    await target.drop();
  }
});
