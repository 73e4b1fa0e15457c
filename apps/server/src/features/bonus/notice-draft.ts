import { WRITTEN_STAGE } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { codeColumn, htmlParagraph, htmlTable } from '../../shared/notice-html.js';
import { rowsOf } from '../../shared/sql.js';
import { bonusPlanOf } from './settings.js';

const TITLE_MAX = 100;

interface DraftRow {
  jobVacancy: string;
  realName: string;
  identityNo: string;
  ticketCode: string | null;
  names: string;
  bonus: string;
}

/**
 * The plan's grants in force as a notice draft (加分人员名单, DESIGN §5), opened in the notice editor before anything is
 * published: a candidate a row (序号, 岗位, 姓名, the ticket code or the masked identity number, the categories and the
 * bonus that counts, capped), by post and candidate, and the plan's rule (cap, stacking) in words.
 */
export async function bonusNoticeDraftOf(db: Db, companyId: number, planId: number) {
  const plan = await bonusPlanOf(db, companyId, planId);
  const rows = await rowsOf<DraftRow>(
    db,
    sql`select ri.job_vacancy as "jobVacancy", a.real_name as "realName", a.identity_no as "identityNo", s.ticket_code as "ticketCode",
        string_agg(c.name, '、' order by c.sort, c.id) as names, least(sum(g.points), ${plan.bonusCap}::numeric)::text as bonus
      from bonus_grant g
      join bonus_category c on c.id = g.category_id and c.company_id = g.company_id
      join candidate_application a on a.id = g.application_id and a.company_id = g.company_id
      join recruitment_info ri on ri.id = a.recruitment_id and ri.company_id = a.company_id
      left join application_stage s on s.application_id = a.id and s.company_id = a.company_id and s.stage = ${WRITTEN_STAGE}
      where g.company_id = ${companyId} and c.plan_id = ${plan.id} and g.revoked_at is null
      group by a.recruitment_id, ri.job_vacancy, a.id, a.real_name, a.identity_no, s.ticket_code
      order by a.recruitment_id, a.id`,
  );
  const code = codeColumn(rows);
  const cap = Number(plan.bonusCap).toFixed(2);
  const rule = plan.bonusStacking
    ? `同一考生符合多项加分条件的，加分累加，累计不超过 ${cap} 分。`
    : `同一考生符合多项加分条件的，只取其中一项，不累加；加分不超过 ${cap} 分。`;
  return {
    title: `${plan.name}加分人员名单`.slice(0, TITLE_MAX),
    content: [
      htmlParagraph(`根据${plan.name}的有关规定，经审核证明材料，下列考生符合笔试加分条件，加分计入笔试成绩，现将加分人员名单公布如下。${rule}`),
      htmlTable(
        ['序号', '岗位', '姓名', code.header, '加分项目', '加分（分）'],
        rows.map((r, i) => [i + 1, r.jobVacancy, r.realName, code.value(r), r.names, r.bonus]),
      ),
    ].join(''),
  };
}
