import { TASK_STATUS, canMoveApplication, duplicateCandidateGroups, reviewerStatistics } from '@zhaokao/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recruitmentPlan } from '../db/tables.js';
import { rowsOf } from '../shared/sql.js';
import { useTestApp } from '../test/app.js';
import { FINISHED_DEMO_PLAN } from './demo-exams.js';
import { DICTIONARIES } from './dicts.js';
import { applicationMoves, decideTask } from '../features/pipeline/index.js';

const t = useTestApp({ recruitment: true });

/** The company's demo plan in sign-up review (not the HR company's finished one). */
const demoPlanOf = async (companyId: number) => {
  const [plan] = await t.db
    .select()
    .from(recruitmentPlan)
    .where(and(eq(recruitmentPlan.companyId, companyId), ne(recruitmentPlan.name, FINISHED_DEMO_PLAN)))
    .orderBy(asc(recruitmentPlan.id));
  return plan!;
};

describe('the demo sign-up review', () => {
  it('finds exactly the planted duplicate groups in each demo company', async () => {
    for (const [token, names] of [
      [t.admin, { identity: '欧阳建华', phone: ['司马婉清', '司马晚晴'], nameBirthday: '诸葛明轩' }],
      [t.hospital, { identity: '上官志强', phone: ['东方雨欣', '东方语欣'], nameBirthday: '慕容思远' }],
    ] as const) {
      const res = await t.call(duplicateCandidateGroups, {}, { token });
      expect(res.code, res.msg).toBe(200);
      expect(res.data.map((g) => [g.kind, g.members.map((m) => m.realName)])).toEqual([
        ['identity', [names.identity, names.identity]],
        ['phone', [...names.phone]],
        ['nameBirthday', [names.nameBirthday, names.nameBirthday]],
      ]);
      const [identity, phone, nameBirthday] = res.data;
      const [new18, old15] = identity!.members.map((m) => m.identityNo) as [string, string];
      expect(old15).toHaveLength(15);
      expect(identity!.reason).toBe(`身份证号码 ${new18} 相同（含 15 位旧号码 ${old15} 与 18 位号码 ${new18}）`);
      expect(identity!.members.map((m) => m.birthday)).toEqual(['1978-06-18', '1978-06-18']);
      expect(phone!.reason).toBe(`手机号码 ${phone!.members[0]!.phone} 相同，姓名不同：${names.phone.join('、')}`);
      expect(nameBirthday!.reason).toMatch(new RegExp(`^姓名 ${names.nameBirthday} 和出生日期 1993-09-09 相同，身份证号码不同：`));
    }
  });

  it('gives each demo plan 初审 (shenhe) and 复审 (admin), and every application its tasks as its status says', async () => {
    for (const [companyId, token, first, second] of [
      [t.company1, t.admin, t.shenheId, t.adminId],
      [t.company2, t.hospital, t.hospitalId, t.hospitalId],
    ] as const) {
      const plan = await demoPlanOf(companyId);
      const items = await rowsOf<{ id: number; workItem: string; assigneeId: number; sort: number; kind: string }>(
        t.db,
        sql`select id, work_item as "workItem", assignee_id as "assigneeId", sort, kind from workflow_item
          where company_id = ${companyId} and plan_id = ${plan.id} and stage = 1 order by sort`,
      );
      expect(items.map((i) => [i.workItem, i.assigneeId, i.sort, i.kind])).toEqual([
        ['初审', first, 10, 'verify'],
        ['复审', second, 20, 'verify'],
      ]);
      // per application: its status and its two tasks' statuses (初审, 复审)
      const rows = await rowsOf<{ status: number; tasks: string; n: number }>(
        t.db,
        sql`select a.status, string_agg(t.status::text, ',' order by i.sort) as tasks, count(*)::int as n
          from candidate_application a
          join application_task t on t.application_id = a.id and t.company_id = a.company_id
          join workflow_item i on i.id = t.workflow_item_id and i.stage = 1
          where a.company_id = ${companyId} and a.plan_id = ${plan.id}
          group by a.id, a.status`,
      );
      expect(rows).toHaveLength(companyId === t.company1 ? 300 : 200);
      const seen = new Set<string>();
      for (const row of rows) {
        const status = Number(row.status);
        const expected =
          status === 10 ? ['0,0'] : status === 11 ? ['1,0'] : status === 12 || status === 13 ? ['2,0', '1,2'] : ['1,1'];
        expect(expected, `status ${status}`).toContain(row.tasks);
        seen.add(`${status}:${row.tasks}`);
      }
      // rejections by either work item
      for (const s of ['12:2,0', '12:1,2', '13:2,0', '13:1,2']) expect(seen).toContain(s);
      // enough left to review in the browser tests at the HR company; the hospital's review is over, its sign-up closed
      const count = (s: number) => rows.filter((r) => Number(r.status) === s).length;
      if (companyId === t.company1) {
        expect(count(10)).toBeGreaterThanOrEqual(15);
        expect(count(11)).toBeGreaterThanOrEqual(5);
      } else {
        expect([count(10), count(11)]).toEqual([0, 0]);
        expect(count(12) + count(13)).toBeGreaterThan(0);
      }

      const statistics = await t.call(reviewerStatistics, { planId: plan.id, type: 1 }, { token });
      const tally = (k: number, task: number) => rows.filter((r) => Number(r.tasks.split(',')[k]) === task).length;
      // pending: undecided tasks of applications still in review (a rejected one's 复审 is nobody's work)
      const pending = (k: number) => rows.filter((r) => Number(r.tasks.split(',')[k]) === 0 && [10, 11].includes(Number(r.status))).length;
      expect(statistics.data.map((r) => [r.workItem, r.pending, r.passed, r.failed])).toEqual([
        ['初审', pending(0), tally(0, 1), tally(0, 2)],
        ['复审', pending(1), tally(1, 1), tally(1, 2)],
      ]);
    }
  });

  it('writes each decided task in the history: the move it made, by its verifier, at its time, with its remarks', async () => {
    const unmatched = await rowsOf<{ id: number }>(
      t.db,
      sql`select t.id from application_task t
        join workflow_item i on i.id = t.workflow_item_id and i.stage = 1
        where t.status <> ${TASK_STATUS.pending} and not exists (
          select 1 from application_history h
          where h.application_id = t.application_id and h.company_id = t.company_id
            and h.from_status = case when i.sort = 10 then 10 else 11 end
            and h.actor_id = t.verifier_id and h.actor_id = i.assignee_id
            and h.created_at = t.verified_at and h.remarks = t.remarks)`,
    );
    expect(unmatched).toEqual([]);
    const pendingWithVerifier = await rowsOf<{ id: number }>(
      t.db,
      sql`select id from application_task where status = 0 and (verifier_id is not null or verified_at is not null or remarks <> '')`,
    );
    expect(pendingWithVerifier).toEqual([]);

    // every history is a chain of allowed moves ending at the application's status, later moves after the decisions
    const histories = await rowsOf<{ status: number; moves: string; ordered: boolean }>(
      t.db,
      sql`select a.status,
          string_agg(coalesce(h.from_status::text, '') || '>' || h.to_status, ' ' order by h.id nulls last) as moves,
          bool_and(h.created_at >= a.created_at) as ordered
        from candidate_application a join (${applicationMoves(sql`true`)}) h on h.application_id = a.id
        group by a.id, a.status`,
    );
    // the three demo plans: 300 and 200 in sign-up review, 72 whose exams are over
    expect(histories).toHaveLength(572);
    for (const h of histories) {
      const moves = h.moves.split(' ').map((m) => m.split('>').map((v) => (v === '' ? null : Number(v))) as [number | null, number]);
      moves.forEach(([from, to], k) => {
        expect(canMoveApplication(from as never, to as never), h.moves).toBe(true);
        if (k > 0) expect(from).toBe(moves[k - 1]![1]);
      });
      expect(moves.at(-1)![1]).toBe(Number(h.status));
      expect(h.ordered).toBe(true);
    }

    // rejection remarks are the dictionary's reasons, joined as the reject dialog joins them
    const labels = new Set(DICTIONARIES.sign_up_rejection_reason!.filter(([, v]) => v !== 'other').map(([label]) => label));
    const rejections = await rowsOf<{ remarks: string }>(t.db, sql`select remarks from application_task where status = ${TASK_STATUS.failed}`);
    expect(rejections.length).toBeGreaterThan(0);
    for (const r of rejections) for (const part of r.remarks.split('，')) expect(labels).toContain(part);
  });

  it('leaves the demo tasks decidable by the state machine: shenhe passes 初审, admin then 复审', async () => {
    const plan = await demoPlanOf(t.company1);
    const [task] = await rowsOf<{ id: number; applicationId: number }>(
      t.db,
      sql`select t.id, t.application_id as "applicationId" from application_task t
        join workflow_item i on i.id = t.workflow_item_id
        join candidate_application a on a.id = t.application_id
        where a.plan_id = ${plan.id} and a.status = 10 and i.sort = 10 order by a.id limit 1`,
    );
    const decide = (taskId: number, actorId: number) =>
      t.db.transaction((tx) => decideTask(tx, { companyId: t.company1, taskId, actorId, status: TASK_STATUS.passed, remarks: '' }));
    expect((await decide(task!.id, t.shenheId)).status).toBe(11);
    const [second] = await rowsOf<{ id: number }>(
      t.db,
      sql`select t.id from application_task t join workflow_item i on i.id = t.workflow_item_id
        where t.application_id = ${task!.applicationId} and i.sort = 20`,
    );
    expect((await decide(second!.id, t.adminId)).status).toBe(20);
  });
});
