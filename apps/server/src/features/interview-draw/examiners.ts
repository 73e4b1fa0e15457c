import {
  CONFLICT_MISSING, CONFLICT_TWICE, DRAW_DEPARTMENT_MISSING, DRAW_STAFF_MISSING, EXAMINER_IN_DRAW,
  EXAMINER_MISSING, EXAMINER_STAFF_TAKEN, type InterviewConflictRow, type InterviewExaminerRow,
  type ParsedInputOf, type deleteInterviewConflict, type interviewConflictList, type interviewExaminerList,
  type saveInterviewConflict, type saveInterviewExaminer, toChinaDateTime,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { candidateApplication, interviewExaminer, recruitmentInfo, staffUser, sysOrg } from '../../db/tables.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import { findOwned, loadOwned } from '../../shared/rows.js';
import { escapeLike, rowsOf } from '../../shared/sql.js';
import { APPLICATION_MISSING, POST_MISSING } from '../pipeline/index.js';

/** Whether staff user `s` (joined to role `r`) can score on the tablet: enabled, holding 成绩录入. */
export const canScoreSql = sql`coalesce(s.enabled and (r.is_admin or 'score:entry' = any(r.permissions)), false)`;

/** The company's examiners with their department, account and conflict count. */
export async function examinerListOf(db: Db, companyId: number, input: ParsedInputOf<typeof interviewExaminerList>): Promise<InterviewExaminerRow[]> {
  const keyword = input.keyword ? sql`and e.name like ${`%${escapeLike(input.keyword)}%`}` : sql``;
  const enabled = input.enabled === undefined ? sql`` : sql`and e.enabled = ${input.enabled}`;
  const rows = await rowsOf<InterviewExaminerRow>(
    db,
    sql`select e.id, e.name, e.department_id as "departmentId", coalesce(o.name, '') as "departmentName",
        e.staff_user_id as "staffUserId", coalesce(s.name, '') as "staffUserName", ${canScoreSql} as "canScore",
        e.remarks, e.enabled,
        (select count(*)::int from interview_conflict c where c.examiner_id = e.id and c.company_id = e.company_id) as "conflictCount"
      from interview_examiner e
      left join sys_org o on o.id = e.department_id and o.company_id = e.company_id
      left join staff_user s on s.id = e.staff_user_id and s.company_id = e.company_id
      left join sys_role r on r.id = s.role_id
      where e.company_id = ${companyId} ${keyword} ${enabled}
      order by e.name, e.id`,
  );
  return rows.map((r) => ({ ...r, conflictCount: Number(r.conflictCount) }));
}

/** Adds or changes an examiner; the department and the account must be the company's, an account links one examiner. */
export async function saveExaminer(db: Db, companyId: number, input: ParsedInputOf<typeof saveInterviewExaminer>): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    if (input.id !== undefined) await loadOwned(tx, interviewExaminer, input.id, companyId, EXAMINER_MISSING, 'update');
    if (input.departmentId !== null && !(await findOwned(tx, sysOrg, input.departmentId, companyId))) throw badRequest(DRAW_DEPARTMENT_MISSING);
    if (input.staffUserId !== null) {
      // the account's row is the lock under which it is checked free and taken
      if (!(await findOwned(tx, staffUser, input.staffUserId, companyId, 'update'))) throw badRequest(DRAW_STAFF_MISSING);
      const [taken] = await rowsOf<{ id: number }>(
        tx,
        sql`select id from interview_examiner where company_id = ${companyId} and staff_user_id = ${input.staffUserId}
          ${input.id === undefined ? sql`` : sql`and id <> ${input.id}`}`,
      );
      if (taken) throw conflict(EXAMINER_STAFF_TAKEN);
    }
    const values = { name: input.name, departmentId: input.departmentId, staffUserId: input.staffUserId, remarks: input.remarks, enabled: input.enabled };
    if (input.id !== undefined) {
      await tx.execute(sql`update interview_examiner set name = ${values.name}, department_id = ${values.departmentId}, staff_user_id = ${values.staffUserId},
        remarks = ${values.remarks}, enabled = ${values.enabled} where id = ${input.id} and company_id = ${companyId}`);
      return { id: input.id };
    }
    const [row] = await tx.insert(interviewExaminer).values({ companyId, ...values }).returning({ id: interviewExaminer.id });
    return { id: row!.id };
  });
}

/** Deletes an examiner never drawn, with their conflicts. */
export async function deleteExaminer(db: Db, companyId: number, id: number): Promise<null> {
  await db.transaction(async (tx) => {
    await loadOwned(tx, interviewExaminer, id, companyId, EXAMINER_MISSING, 'update');
    const [drawn] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from interview_group_examiner where examiner_id = ${id}`);
    if (Number(drawn!.n) > 0) throw conflict(EXAMINER_IN_DRAW);
    await tx.execute(sql`delete from interview_conflict where examiner_id = ${id} and company_id = ${companyId}`);
    await tx.execute(sql`delete from interview_examiner where id = ${id} and company_id = ${companyId}`);
  });
  return null;
}

export async function conflictListOf(db: Db, companyId: number, input: ParsedInputOf<typeof interviewConflictList>): Promise<InterviewConflictRow[]> {
  const rows = await rowsOf<Omit<InterviewConflictRow, 'kind' | 'createdAt'> & { createdAt: Date | string }>(
    db,
    sql`select c.id, c.examiner_id as "examinerId", e.name as "examinerName", c.plan_id as "planId", c.application_id as "applicationId",
        coalesce(a.real_name, '') as "realName", c.recruitment_id as "recruitmentId", p.job_vacancy as "jobVacancy", c.reason,
        coalesce(s.name, '') as "createdBy", c.created_at as "createdAt"
      from interview_conflict c
      join interview_examiner e on e.id = c.examiner_id and e.company_id = c.company_id
      join recruitment_info p on p.id = c.recruitment_id and p.company_id = c.company_id
      left join candidate_application a on a.id = c.application_id and a.company_id = c.company_id
      left join staff_user s on s.id = c.created_by
      where c.company_id = ${companyId} and c.plan_id = ${input.planId}
        ${input.examinerId === undefined ? sql`` : sql`and c.examiner_id = ${input.examinerId}`}
      order by e.name, c.id`,
  );
  return rows.map((r) => ({
    ...r,
    kind: r.applicationId === null ? 'post' : 'application',
    createdAt: toChinaDateTime(new Date(r.createdAt)),
  }));
}

/** Declares a conflict with a candidate or a post of the company (their plan is the conflict's). */
export async function saveConflict(db: Db, companyId: number, actorId: number, input: ParsedInputOf<typeof saveInterviewConflict>): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await loadOwned(tx, interviewExaminer, input.examinerId, companyId, EXAMINER_MISSING, 'update');
    let target: { planId: number; recruitmentId: number; applicationId: number | null };
    if (input.applicationId !== undefined) {
      const a = await loadOwned(tx, candidateApplication, input.applicationId, companyId, APPLICATION_MISSING);
      target = { planId: a.planId, recruitmentId: a.recruitmentId, applicationId: a.id };
    } else {
      const p = await loadOwned(tx, recruitmentInfo, input.recruitmentId!, companyId, POST_MISSING);
      target = { planId: p.planId, recruitmentId: p.id, applicationId: null };
    }
    const [twice] = await rowsOf<{ id: number }>(
      tx,
      sql`select id from interview_conflict where examiner_id = ${input.examinerId} and company_id = ${companyId} and ${
        target.applicationId === null ? sql`application_id is null and recruitment_id = ${target.recruitmentId}` : sql`application_id = ${target.applicationId}`
      }`,
    );
    if (twice) throw conflict(CONFLICT_TWICE);
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into interview_conflict (company_id, plan_id, examiner_id, recruitment_id, application_id, reason, created_by)
        values (${companyId}, ${target.planId}, ${input.examinerId}, ${target.recruitmentId}, ${target.applicationId}, ${input.reason}, ${actorId})
        returning id`,
    );
    return { id: Number(row!.id) };
  });
}

export async function deleteConflict(db: Db, companyId: number, input: ParsedInputOf<typeof deleteInterviewConflict>): Promise<null> {
  const [row] = await rowsOf<{ id: number }>(db, sql`delete from interview_conflict where id = ${input.id} and company_id = ${companyId} returning id`);
  if (!row) throw notFound(CONFLICT_MISSING);
  return null;
}
