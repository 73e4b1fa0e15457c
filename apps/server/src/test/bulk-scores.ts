import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../db/client.js';
import { rowsOf } from '../shared/sql.js';
import { insertScoredExamPlan } from './exam.js';
import { fileUpload } from './multipart.js';

/**
 * A plan of company 1 with `count` applications awaiting their written score (status 21, tickets T2-<id> issued, the
 * score task open) or, with `status` 20, awaiting their written ticket (to be seated and issued through the API);
 * written in SQL a few statements at a time as bench/scores.mjs does: the helpers that go through the state machine
 * one application at a time would take minutes for thousands.
 */
export async function insertAwaitingScores(
  t: { db: Db; company1: number; adminId: number; shenheId: number },
  count: number,
  name = '大批成绩计划',
  status: 20 | 21 = 21,
) {
  const { plan, posts } = await insertScoredExamPlan(t, { name, posts: [{ jobVacancy: '统计员', places: 10, candidates: 0 }] });
  const companyId = t.company1;
  const stamp = randomBytes(3).toString('hex');
  await t.db.execute(sql`
    insert into talent (real_name, sex, birthday, identity_no, phone)
    select '考生' || g, '1', date '1995-01-01', ${`B${stamp}`} || lpad(g::text, 11, '0'), '137' || lpad(g::text, 8, '0')
    from generate_series(1, ${count}::int) g`);
  await t.db.execute(sql`
    insert into candidate_application (company_id, plan_id, recruitment_id, talent_id, status, real_name, identity_no, phone)
    select ${companyId}, ${plan.id}, ${posts[0]!.id}, t.id, ${status}, t.real_name, t.identity_no, t.phone
    from talent t where t.identity_no like ${`B${stamp}%`}`);
  if (status === 21) {
    await t.db.execute(sql`
      insert into application_stage (company_id, application_id, stage, plan_id, recruitment_id, ticket_code, issued_at)
      select a.company_id, a.id, 2, a.plan_id, a.recruitment_id, 'T2-' || lpad(a.id::text, 6, '0'), now()
      from candidate_application a where a.plan_id = ${plan.id}`);
  }
  await t.db.execute(sql`
    insert into application_task (company_id, application_id, workflow_item_id, status)
    select a.company_id, a.id, i.id, 0
    from candidate_application a join workflow_item i on i.plan_id = a.plan_id and i.stage = 2 and i.kind = 'score'
    where a.plan_id = ${plan.id}`);
  const applications = await rowsOf<{ id: number; realName: string; ticketCode: string }>(
    t.db,
    sql`select a.id, a.real_name as "realName", s.ticket_code as "ticketCode"
      from candidate_application a left join application_stage s on s.application_id = a.id and s.stage = 2
      where a.plan_id = ${plan.id} order by a.id`,
  );
  return { plan, applications };
}

/** A score sheet as the template has it (准考证号, 姓名, 岗位, 成绩), written with ExcelJS's streaming writer (fast for many rows). */
export async function scoreSheet(rows: readonly (readonly (string | number)[])[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const sheet = workbook.addWorksheet('成绩');
  sheet.addRow(['准考证号', '姓名', '岗位', '成绩']).commit();
  for (const row of rows) sheet.addRow([...row]).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

/** The multipart request of the preview (one .xlsx in field `file`). */
export function scoreUpload(content: Buffer) {
  return fileUpload('scores.xlsx', content);
}
