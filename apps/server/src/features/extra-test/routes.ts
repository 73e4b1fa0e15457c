import {
  EXTRA_TEST_NOT_IN_GROUP, EXTRA_TEST_NO_GROUP, EXTRA_TEST_OFF, EXTRA_TEST_PUBLISHED, EXTRA_TEST_WHOLE_GROUP,
  type ExtraTestMember, INTERVIEW_STAGE, extraTestGroup, saveExtraTestScores,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { conflict } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { holdPostScores } from '../exam/index.js';
import { rankingOf, rankingRows } from '../pipeline/index.js';

/**
 * The post's 加试 group as the composite ranking stands (before publication: those whose interview score is awaited
 * or in review; after it: as published): those tied after the whole chain across the cut-off, in ranking order.
 */
async function groupOf(db: Db, companyId: number, recruitmentId: number) {
  const { post, plan, published, figures } = await rankingOf(db, companyId, recruitmentId, 'complex');
  const { list } = figures.tieBreak.extraTestOnTie
    ? await rankingRows(db, { companyId, recruitmentId: post.id, kind: 'complex', published, figures })
    : { list: [] };
  const members: ExtraTestMember[] = list.flatMap((r) =>
    r.extraTest === null
      ? []
      : [{ applicationId: r.applicationId, realName: r.realName, ticketCode: r.ticketCode, compositeScore: r.compositeScore, score: r.extraTest.score, needed: r.extraTest.needed }],
  );
  return { post, plan, published, places: figures.places, members };
}

/**
 * Enters the 加试 scores of the post's group, every member at once, over any entered before (a group still tied
 * after a 加试 takes another): refused after publication, for a plan that does not test, or for anyone outside the
 * group. Held against a publication of the post under way, as score entry is.
 */
async function saveExtraScores(tx: Db, companyId: number, actorId: number, input: { recruitmentId: number; scores: { applicationId: number; score: string }[] }) {
  const { post } = await rankingOf(tx, companyId, input.recruitmentId, 'complex');
  await holdPostScores(tx, sql`select ${post.id}::int`);
  const { plan, published, members } = await groupOf(tx, companyId, post.id);
  if (published) throw conflict(EXTRA_TEST_PUBLISHED);
  if (!plan.extraTestOnTie) throw conflict(EXTRA_TEST_OFF);
  if (members.length === 0) throw conflict(EXTRA_TEST_NO_GROUP);
  const ids = new Set(members.map((m) => m.applicationId));
  if (input.scores.some((s) => !ids.has(s.applicationId))) throw conflict(EXTRA_TEST_NOT_IN_GROUP);
  if (input.scores.length !== ids.size) throw conflict(EXTRA_TEST_WHOLE_GROUP);
  await tx.execute(sql`
    insert into extra_test_score (company_id, application_id, stage, score, entered_by)
    select ${companyId}, x.id, ${INTERVIEW_STAGE}, x.score, ${actorId}
    from unnest(${`{${input.scores.map((s) => s.applicationId).join(',')}}`}::int[], ${`{${input.scores.map((s) => s.score).join(',')}}`}::numeric[]) as x(id, score)
    on conflict (application_id, stage) do update set score = excluded.score, entered_by = excluded.entered_by, entered_at = now()`);
  const after = await groupOf(tx, companyId, post.id);
  return { saved: input.scores.length, stillTied: after.members.filter((m) => m.needed).length };
}

export function extraTestRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  defineRoute(app, extraTestGroup, async ({ input, session }) => {
    const { plan, published, places, members } = await groupOf(db, session.companyId, input.recruitmentId);
    return { extraTestOnTie: plan.extraTestOnTie, published, places, members };
  });
  defineRoute(app, saveExtraTestScores, ({ input, session }) => db.transaction((tx) => saveExtraScores(tx, session.companyId, session.userId, input)), {
    successMsg: '加试成绩已保存',
  });
}
