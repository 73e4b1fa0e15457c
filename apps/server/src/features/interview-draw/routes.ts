import {
  DRAW_EXAMINERS_NOT_DRAWN, DRAW_ORDER_NOT_DRAWN, INTERVIEW_STAGE, deleteInterviewConflict,
  deleteInterviewDrawGroup, deleteInterviewExaminer, drawInterviewExaminers, drawInterviewOrder,
  interviewConflictList, interviewDrawGroupDetail, interviewDrawGroupList, interviewDrawSheetPdf,
  interviewExaminerList, interviewScoreSheetPdf, myInterviewDrawGroup, myInterviewDrawGroups,
  saveInterviewConflict, saveInterviewDrawGroup, saveInterviewExaminer, scoreByOrderNo, toChinaDateTime,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recruitmentPlan } from '../../db/tables.js';
import { conflict } from '../../shared/errors.js';
import { defineFileRoute, defineRoute } from '../../shared/route.js';
import { loadOwned } from '../../shared/rows.js';
import { rowsOf } from '../../shared/sql.js';
import { PLAN_MISSING } from '../pipeline/index.js';
import { conflictListOf, deleteConflict, deleteExaminer, examinerListOf, saveConflict, saveExaminer } from './examiners.js';
import {
  DRAWN_STATUSES, deleteGroup, drawDayExaminers, drawGroupOrder, groupCandidatesOf, groupRowOf, groupRowsOf,
  saveGroup, scoreItemsOf,
} from './groups.js';
import { drawSheetPdf, scoreSheetPdf } from './pdf.js';
import { myGroupOf, myGroupsOf, scoreOrderNo } from './scoring.js';

/** 面试抽签 (DESIGN §5 "Fair-exam rules beyond SPEC"): examiners and conflicts, groups and draws, scoring by number, papers. */
export function interviewDrawRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  // 考官库 and 回避 (examiners.ts)
  defineRoute(app, interviewExaminerList, async ({ input, session }) => examinerListOf(db, session.companyId, input));
  defineRoute(app, saveInterviewExaminer, async ({ input, session }) => saveExaminer(db, session.companyId, input), { successMsg: '考官已保存' });
  defineRoute(app, deleteInterviewExaminer, async ({ input, session }) => deleteExaminer(db, session.companyId, input.id), { successMsg: '考官已删除' });
  defineRoute(app, interviewConflictList, async ({ input, session }) => {
    await loadOwned(db, recruitmentPlan, input.planId, session.companyId, PLAN_MISSING);
    return conflictListOf(db, session.companyId, input);
  });
  defineRoute(app, saveInterviewConflict, async ({ input, session }) => saveConflict(db, session.companyId, session.userId, input), {
    successMsg: '回避已登记',
  });
  defineRoute(app, deleteInterviewConflict, async ({ input, session }) => deleteConflict(db, session.companyId, input), { successMsg: '回避已删除' });

  // 面试分组 and draws (groups.ts)
  defineRoute(app, interviewDrawGroupList, async ({ input, session }) => {
    const companyId = session.companyId;
    const plan = await loadOwned(db, recruitmentPlan, input.planId, companyId, PLAN_MISSING);
    const [groups, scoreItems, unassigned] = await Promise.all([
      groupRowsOf(db, companyId, plan.id),
      scoreItemsOf(db, companyId, plan.id),
      rowsOf<{ recruitmentId: number; jobVacancy: string; departmentName: string; candidates: number }>(
        db,
        sql`select p.id as "recruitmentId", p.job_vacancy as "jobVacancy", coalesce(o.name, '') as "departmentName",
            count(a.id)::int as candidates
          from recruitment_info p
          join candidate_application a on a.recruitment_id = p.id and a.company_id = p.company_id and a.status = any(${`{${DRAWN_STATUSES.join(',')}}`}::int[])
          left join sys_org o on o.id = p.department_id and o.company_id = p.company_id
          where p.company_id = ${companyId} and p.plan_id = ${plan.id}
            and not exists (select 1 from interview_group_post gp where gp.recruitment_id = p.id)
          group by p.id, o.name order by p.id`,
      ),
    ]);
    return {
      defaultDate: toChinaDateTime(plan.auditionStartDate)?.slice(0, 10) ?? null,
      scoreItems: scoreItems.map((i) => ({ workItemId: Number(i.workItemId), workItem: i.workItem })),
      groups,
      unassignedPosts: unassigned.map((p) => ({ ...p, candidates: Number(p.candidates) })),
    };
  });
  defineRoute(app, saveInterviewDrawGroup, async ({ input, session }) => saveGroup(db, session.companyId, input), { successMsg: '面试分组已保存' });
  defineRoute(app, deleteInterviewDrawGroup, async ({ input, session }) => deleteGroup(db, session.companyId, input.id), { successMsg: '面试分组已删除' });
  defineRoute(app, interviewDrawGroupDetail, async ({ input, session }) => {
    const group = await groupRowOf(db, session.companyId, input.id);
    const plan = await loadOwned(db, recruitmentPlan, group.planId, session.companyId, PLAN_MISSING);
    return { group, fullMarks: plan.auditionFullMarks, candidates: await groupCandidatesOf(db, session.companyId, group) };
  });
  defineRoute(app, drawInterviewOrder, async ({ input, session }) => drawGroupOrder(db, session.companyId, session.userId, input.id, input.seed), {
    successMsg: '面试顺序已抽取',
  });
  defineRoute(app, drawInterviewExaminers, async ({ input, session }) => drawDayExaminers(db, session.companyId, session.userId, input), {
    successMsg: '考官已抽取',
  });

  // Papers (pdf.ts)
  const headerOf = async (companyId: number, id: number) => {
    const group = await groupRowOf(db, companyId, id);
    const plan = await loadOwned(db, recruitmentPlan, group.planId, companyId, PLAN_MISSING);
    return { group, plan, header: { planName: plan.name, roomName: group.roomName, date: group.date, posts: group.posts.map((p) => p.jobVacancy).join('、') } };
  };
  defineFileRoute(app, interviewDrawSheetPdf, async ({ input, session }) => {
    const { group, header } = await headerOf(session.companyId, input.id);
    if (group.orderSeed === null) throw conflict(DRAW_ORDER_NOT_DRAWN);
    // The sheet needs the ticket codes whether or not the group is revealed: read them apart from the staff view.
    const rows = await rowsOf<{ orderNo: number; ticketCode: string | null; jobVacancy: string }>(
      db,
      sql`select c.order_no as "orderNo", s.ticket_code as "ticketCode", p.job_vacancy as "jobVacancy"
        from interview_group_candidate c
        join candidate_application a on a.id = c.application_id and a.company_id = c.company_id
        join recruitment_info p on p.id = a.recruitment_id and p.company_id = a.company_id
        left join application_stage s on s.application_id = a.id and s.stage = ${INTERVIEW_STAGE} and s.company_id = a.company_id
        where c.company_id = ${session.companyId} and c.group_id = ${group.id} order by c.order_no`,
    );
    const body = await drawSheetPdf(
      header,
      rows.map((r) => ({ orderNo: Number(r.orderNo), ticketCode: r.ticketCode ?? '', jobVacancy: r.jobVacancy })),
    );
    return { fileName: `面试抽签登记表-${group.roomName}-${group.date}.pdf`, contentType: 'application/pdf', body };
  });
  defineFileRoute(app, interviewScoreSheetPdf, async ({ input, session }) => {
    const { group, header } = await headerOf(session.companyId, input.id);
    if (group.orderSeed === null) throw conflict(DRAW_ORDER_NOT_DRAWN);
    const chief = group.examiners.find((e) => e.chief);
    if (!chief) throw conflict(DRAW_EXAMINERS_NOT_DRAWN);
    const candidates = await groupCandidatesOf(db, session.companyId, group);
    const seats = group.examiners.filter((e) => !e.chief).map((e) => ({ seat: e.seat, name: e.name }));
    const body = await scoreSheetPdf(
      header,
      seats,
      chief.name,
      candidates.map((c) => ({
        orderNo: c.orderNo,
        jobVacancy: c.jobVacancy,
        seatScores: seats.map((s) => c.seatScores.find((x) => x.seat === s.seat)?.score ?? ''),
        panelScore: c.absent ? '缺考' : (c.interviewScore ?? ''),
      })),
      seats.length >= 5 ? '面试成绩：去掉一个最高分和一个最低分后取平均分，四舍五入保留两位小数' : '面试成绩：各考官评分的平均分，四舍五入保留两位小数',
    );
    return { fileName: `面试评分汇总表-${group.roomName}-${group.date}.pdf`, contentType: 'application/pdf', body };
  });

  // 考官评分 on the tablet (scoring.ts)
  defineRoute(app, myInterviewDrawGroups, async ({ session }) => myGroupsOf(db, session.companyId, session.userId));
  defineRoute(app, myInterviewDrawGroup, async ({ input, session }) => myGroupOf(db, session.companyId, session.userId, input.groupId));
  defineRoute(app, scoreByOrderNo, async ({ input, session }) => scoreOrderNo(db, session.companyId, session.userId, input), { successMsg: '评分已保存' });
}
