// runs on PostgreSQL too: parallel requests of one stage and parallel answers of one request
import { RECHECK_ANSWERED, RECHECK_TWICE, WRITTEN_STAGE, answerScoreRecheck, requestScoreRecheck } from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationHistory, candidateApplication, scoreRecheck } from '../../db/tables.js';
import { atOnce, expectOneSucceeded, staffWith, useTestApp, warmUp } from '../../test/app.js';
import { candidateCall } from '../../test/candidates.js';
import { publishedWrittenPost } from './score-recheck.support.js';

const t = useTestApp();
let p: Awaited<ReturnType<typeof publishedWrittenPost>>;
let other: string;

beforeAll(async () => {
  p = await publishedWrittenPost(t, '并发复查计划');
  other = await staffWith(t, '笔试工作', 'recheck_concurrent', ['review:written']);
});

const rechecksOf = (applicationId: number) => t.db.select().from(scoreRecheck).where(eq(scoreRecheck.applicationId, applicationId));

describe('at once', () => {
  it('two requests of one stage: one row, the other a Chinese 409', async () => {
    await warmUp(() => candidateCall(t, requestScoreRecheck, { id: 999_999, stage: WRITTEN_STAGE, reason: '预热' }, { token: p.tokens[0]! }));
    for (const [i, app] of p.applications.slice(0, 3).entries()) {
      const answers = await atOnce(2, (n) => candidateCall(t, requestScoreRecheck, { id: app.id, stage: WRITTEN_STAGE, reason: `第${n}次申请` }, { token: p.tokens[i]! }));
      expectOneSucceeded(answers, 409, RECHECK_TWICE);
      expect(await rechecksOf(app.id)).toHaveLength(1);
    }
  });

  it('two answers of one request (a correction and a refusal): one wins, the other 409, the score changed at most once', async () => {
    for (const app of p.applications.slice(0, 3)) {
      const [request] = await rechecksOf(app.id);
      const answers = await atOnce(2, (n) =>
        t.call(
          answerScoreRecheck,
          n === 0 ? { id: request!.id, decision: 'correct', correctedScore: '60', errorKind: 'entry', answer: '' } : { id: request!.id, decision: 'refuse', answer: '无误' },
          { token: n === 0 ? t.admin : other },
        ),
      );
      expectOneSucceeded(answers, 409, RECHECK_ANSWERED);
      const [row] = await rechecksOf(app.id);
      const [a] = await t.db.select({ g: candidateApplication.writtenGrade }).from(candidateApplication).where(eq(candidateApplication.id, app.id));
      const notes = (await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, app.id))).filter((h) => h.remarks.startsWith('成绩复查'));
      if (row!.state === 'corrected') {
        expect(a!.g).toBe('60.00');
        expect(notes).toHaveLength(1);
      } else {
        expect(row!.state).toBe('refused');
        expect(a!.g).not.toBe('60.00');
        expect(notes).toHaveLength(0);
      }
    }
  });
});
