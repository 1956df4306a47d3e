import type { QueryObserver } from '../../src/server/db/client.js';

/**
 * The statements the app sends through the ORM while a test step runs: pass `observe` as the test app's `onQuery`,
 * then `during(fn)` answers what `fn` caused (the job queue's own polling goes through the raw runner, not the ORM).
 */
export class QueryRecorder {
  private recording: string[] | null = null;

  observe: QueryObserver = (sql) => {
    this.recording?.push(sql);
  };

  async during(fn: () => Promise<unknown>): Promise<string[]> {
    this.recording = [];
    try {
      await fn();
      return this.recording;
    } finally {
      this.recording = null;
    }
  }
}
