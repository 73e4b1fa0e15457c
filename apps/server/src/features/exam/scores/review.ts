import { type ExamBatchResult, reviewScores } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../shared/route.js';
import { idArray, rowsOf } from '../../../shared/sql.js';
import { holdPostScores, postsOfApplications } from './common.js';
import { APPLICATION_MISSING, STAGE_RULES, transitionMany } from '../../pipeline/index.js';

export const NOT_IN_REVIEW = '该考生的成绩不在待审核状态';
export const ALREADY_CONFIRMED = '该考生的成绩已审核';

/**
 * Score review (DESIGN §5): confirm locks the entered score; return sends it back for correction (22 → 21,
 * 32 → 31; the state machine reopens the score tasks). Each application is refused on its own with the reason.
 */
export function reviewRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(
    app,
    reviewScores,
    async ({ input, session }) => {
      const companyId = session.companyId;
      const rules = STAGE_RULES[input.type];
      const given = [...new Set(input.ids)];
      return db.transaction(async (tx) => {
        // Locked in ascending id, as score entry locks them: entry and review of the same applications queue.
        await holdPostScores(tx, postsOfApplications(companyId, idArray(given)));
        const rows = await rowsOf<{ id: number; planId: number; realName: string; status: number; confirmed: boolean }>(
          tx,
          sql`select a.id, a.plan_id as "planId", a.real_name as "realName", a.status, s.confirmed_at is not null as confirmed
            from candidate_application a
            left join application_stage s on s.application_id = a.id and s.stage = ${input.type} and s.company_id = a.company_id
            where a.company_id = ${companyId} and a.id = any(${idArray(given)})
            order by a.id
            for update of a`,
        );
        const found = new Map(rows.map((r) => [r.id, r]));
        const result: ExamBatchResult = { done: 0, refused: [] };
        const accepted: typeof rows = [];
        for (const id of given) {
          const row = found.get(id);
          if (!row) result.refused.push({ id, realName: '', reason: APPLICATION_MISSING });
          else if (Number(row.status) !== rules.inReview) result.refused.push({ id, realName: row.realName, reason: NOT_IN_REVIEW });
          else if (input.action === 'confirm' && row.confirmed) result.refused.push({ id, realName: row.realName, reason: ALREADY_CONFIRMED });
          else accepted.push(row);
        }
        if (accepted.length === 0) return result;
        if (input.action === 'confirm') {
          await tx.execute(sql`
            update application_stage set confirmed_by = ${session.userId}, confirmed_at = now()
            where company_id = ${companyId} and stage = ${input.type} and application_id = any(${idArray(accepted.map((r) => r.id))})`);
        } else {
          for (const planId of new Set(accepted.map((r) => r.planId))) {
            await transitionMany(tx, {
              companyId,
              planId,
              applicationIds: accepted.filter((r) => r.planId === planId).map((r) => r.id),
              from: rules.inReview,
              to: rules.awaitingScore,
              actorId: session.userId,
              remarks: input.remarks,
            });
          }
        }
        result.done = accepted.length;
        return result;
      });
    },
    { successMsg: '审核完成' },
  );
}
