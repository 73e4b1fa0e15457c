import { type ExamStage, type ParsedInputOf, WRITTEN_STAGE, type admissionTicketPage, examStageRow } from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../shared/sql.js';
import { gaveUpSql } from '../../order/index.js';
import { applicantSearch } from '../../pipeline/index.js';

/** 准考证's filters (admissionTicketPage's input but the page), for one company. */
export type TicketListFilter = Omit<ParsedInputOf<typeof admissionTicketPage>, 'type' | 'pageNum' | 'pageSize'> & { companyId: number; stage: ExamStage };

/**
 * Whether application `a` gave up the stage's exam (its fee unpaid by the deadline): seated, counted and given a
 * ticket by none of 准考证's calls. Only the written stage has any: an interview candidate passed it, so paid.
 */
export const gaveUpOf = (stage: ExamStage): SQL => (stage === WRITTEN_STAGE ? gaveUpSql : sql`false`);

/**
 * The applications 准考证 lists: those of the plan holding the stage's ticket, and, unless they gave up, those
 * seated for it and those awaiting it on a post not cancelled, that meet the filters (applications `a`, posts `r`,
 * seats `s`, rooms `rm`). The page and 首页's cards count it alike.
 */
export function ticketListFrom(f: TicketListFilter): SQL {
  const parts: SQL[] = [
    sql`a.company_id = ${f.companyId}`,
    sql`a.plan_id = ${f.planId}`,
    sql`(s.issued_at is not null or (not ${gaveUpOf(f.stage)}
      and (s.room_id is not null or (a.status = ${examStageRow(f.stage).statuses.awaitingTicket} and r.cancelled_at is null))))`,
  ];
  if (f.recruitmentId !== undefined) parts.push(sql`a.recruitment_id = ${f.recruitmentId}`);
  if (f.roomId !== undefined) parts.push(sql`s.room_id = ${f.roomId}`);
  if (f.ticket === 'unseated') parts.push(sql`s.room_id is null`);
  if (f.ticket === 'seated') parts.push(sql`s.room_id is not null and s.issued_at is null`);
  if (f.ticket === 'issued') parts.push(sql`s.issued_at is not null`);
  if (f.keyword) parts.push(applicantSearch(f.keyword, { alias: 'a', phone: false, code: 's.ticket_code' }));
  return sql`from candidate_application a
      join recruitment_info r on r.id = a.recruitment_id and r.company_id = a.company_id
      left join application_stage s on s.company_id = a.company_id and s.application_id = a.id and s.stage = ${f.stage}
      left join exam_room rm on rm.id = s.room_id and rm.company_id = s.company_id
      where ${sql.join(parts, sql` and `)}`;
}

/** How many applications 准考证 lists with the filters. */
export async function ticketListTotal(db: Db, f: TicketListFilter): Promise<number> {
  const [count] = await rowsOf<{ total: number }>(db, sql`select count(*)::int as total ${ticketListFrom(f)}`);
  return Number(count?.total ?? 0);
}
