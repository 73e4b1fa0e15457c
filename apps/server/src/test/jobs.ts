import { type JobView, jobDetail } from '@zhaokao/contracts';
import { expect } from 'vitest';
import type { TestApp } from './app.js';

/** A job's view as its creator (`token`) reads it, polled every 0.1 s until it has ended; `seen` collects each view read. */
export async function jobEnded(app: Pick<TestApp, 'call'>, jobId: string, token: string, { seen = [] as JobView[], tries = 1200 } = {}) {
  for (let i = 0; i < tries; i++) {
    const res = await app.call(jobDetail, { jobId }, { token });
    expect(res.code).toBe(200);
    seen.push(res.data);
    if (res.data.status === 'done' || res.data.status === 'failed') return res.data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${jobId} did not end`);
}
